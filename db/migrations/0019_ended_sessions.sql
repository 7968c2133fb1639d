CREATE TABLE `ended_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ended_sessions_reason_check" CHECK("ended_sessions"."reason" in ('password-changed', 'signed-out-everywhere', 'ended-elsewhere', 'suspended'))
);
--> statement-breakpoint
CREATE INDEX `ended_sessions_user_id_idx` ON `ended_sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `ended_sessions_expires_at_idx` ON `ended_sessions` (`expires_at`);