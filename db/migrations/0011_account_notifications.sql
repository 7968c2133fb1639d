CREATE TABLE `digest_sends` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `email_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`new_email` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_changes_token_hash_unique` ON `email_changes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_changes_user_id_idx` ON `email_changes` (`user_id`);--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`in_app` integer NOT NULL,
	`email` text NOT NULL,
	PRIMARY KEY(`user_id`, `type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_type_check" CHECK("notification_preferences"."type" in ('like', 'comment', 'reply', 'follow', 'order_requested', 'order_accepted', 'order_declined', 'order_cancelled', 'order_completed', 'order_message', 'review')),
	CONSTRAINT "notification_preferences_email_check" CHECK("notification_preferences"."email" in ('instant', 'daily', 'off'))
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recipient_id` integer NOT NULL,
	`type` text NOT NULL,
	`actor_id` integer,
	`actors` integer DEFAULT 1 NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` integer NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`fold_key` text,
	`read_at` integer,
	`emailed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "notifications_type_check" CHECK("notifications"."type" in ('like', 'comment', 'reply', 'follow', 'order_requested', 'order_accepted', 'order_declined', 'order_cancelled', 'order_completed', 'order_message', 'review'))
);
--> statement-breakpoint
CREATE INDEX `notifications_recipient_updated_idx` ON `notifications` (`recipient_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_recipient_unread_idx` ON `notifications` (`recipient_id`) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_recipient_fold_idx` ON `notifications` (`recipient_id`,`fold_key`);--> statement-breakpoint
ALTER TABLE `post_comments` ADD `edited_at` integer;--> statement-breakpoint
CREATE INDEX `post_comments_author_idx` ON `post_comments` (`author_id`,`id`);--> statement-breakpoint
ALTER TABLE `posts` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `deleted_at` integer;