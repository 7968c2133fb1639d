CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`details` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "audit_log_action_check" CHECK("audit_log"."action" in ('hide', 'restore', 'dismiss', 'verify', 'unverify', 'set_author_type', 'suspend', 'unsuspend', 'grant_admin', 'revoke_admin'))
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_admin_created_idx` ON `audit_log` (`admin_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_action_created_idx` ON `audit_log` (`action`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `blocks` (
	`blocker_id` integer NOT NULL,
	`blocked_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "blocks_self_check" CHECK("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE INDEX `blocks_blocked_idx` ON `blocks` (`blocked_id`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reporter_id` integer NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`target_user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`resolved_by` integer,
	`resolved_at` integer,
	`resolution_note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "reports_target_type_check" CHECK("reports"."target_type" in ('post', 'comment', 'listing', 'user')),
	CONSTRAINT "reports_reason_check" CHECK("reports"."reason" in ('spam', 'abuse', 'misleading', 'illegal', 'other')),
	CONSTRAINT "reports_state_check" CHECK("reports"."state" in ('open', 'hidden', 'dismissed', 'suspended'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_reporter_target_idx` ON `reports` (`reporter_id`,`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `reports_state_target_idx` ON `reports` (`state`,`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `reports_target_user_idx` ON `reports` (`target_user_id`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notification_preferences` (
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`in_app` integer NOT NULL,
	`email` text NOT NULL,
	PRIMARY KEY(`user_id`, `type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_type_check" CHECK("__new_notification_preferences"."type" in ('like', 'comment', 'reply', 'follow', 'order_requested', 'order_accepted', 'order_declined', 'order_cancelled', 'order_completed', 'order_message', 'review', 'report_resolved', 'content_hidden', 'content_restored', 'account_suspended')),
	CONSTRAINT "notification_preferences_email_check" CHECK("__new_notification_preferences"."email" in ('instant', 'daily', 'off'))
);
--> statement-breakpoint
INSERT INTO `__new_notification_preferences`("user_id", "type", "in_app", "email") SELECT "user_id", "type", "in_app", "email" FROM `notification_preferences`;--> statement-breakpoint
DROP TABLE `notification_preferences`;--> statement-breakpoint
ALTER TABLE `__new_notification_preferences` RENAME TO `notification_preferences`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recipient_id` integer NOT NULL,
	`type` text NOT NULL,
	`actor_id` integer,
	`actors` integer DEFAULT 1 NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` integer NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`detail` text,
	`fold_key` text,
	`read_at` integer,
	`emailed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`recipient_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "notifications_type_check" CHECK("__new_notifications"."type" in ('like', 'comment', 'reply', 'follow', 'order_requested', 'order_accepted', 'order_declined', 'order_cancelled', 'order_completed', 'order_message', 'review', 'report_resolved', 'content_hidden', 'content_restored', 'account_suspended'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "recipient_id", "type", "actor_id", "actors", "subject_type", "subject_id", "excerpt", "detail", "fold_key", "read_at", "emailed_at", "created_at", "updated_at") SELECT "id", "recipient_id", "type", "actor_id", "actors", "subject_type", "subject_id", "excerpt", NULL, "fold_key", "read_at", "emailed_at", "created_at", "updated_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
CREATE INDEX `notifications_recipient_updated_idx` ON `notifications` (`recipient_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_recipient_unread_idx` ON `notifications` (`recipient_id`) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_recipient_fold_idx` ON `notifications` (`recipient_id`,`fold_key`);--> statement-breakpoint
ALTER TABLE `listings` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `post_comments` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `suspension_reason` text;--> statement-breakpoint
-- The audit log is append-only: no statement may change or remove a row of it.
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
