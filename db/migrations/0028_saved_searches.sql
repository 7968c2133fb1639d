-- Saved searches and the listings each told its member of; the notifications tables are rebuilt for the
-- "saved_search_match" type, carrying the notifications' id sequence over, so no id is handed out twice.
CREATE TABLE `saved_search_matches` (
	`saved_search_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`saved_search_id`, `listing_id`),
	FOREIGN KEY (`saved_search_id`) REFERENCES `saved_searches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`name` text NOT NULL,
	`query` text NOT NULL,
	`alert` text NOT NULL,
	`last_listing_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "saved_searches_alert_check" CHECK("saved_searches"."alert" in ('instant', 'daily', 'off'))
);
--> statement-breakpoint
CREATE INDEX `saved_searches_member_idx` ON `saved_searches` (`member_id`,`id`);--> statement-breakpoint
CREATE INDEX `saved_searches_alert_idx` ON `saved_searches` (`alert`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notification_preferences` (
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`in_app` integer NOT NULL,
	`email` text NOT NULL,
	`email_version` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_type_check" CHECK("__new_notification_preferences"."type" in ('like', 'comment', 'reply', 'follow', 'order_requested', 'order_accepted', 'order_countered', 'order_declined', 'order_cancelled', 'order_completed', 'order_message', 'enquiry_message', 'review', 'transfer_note_issued', 'report_resolved', 'content_hidden', 'content_restored', 'account_suspended', 'account_restored', 'lot_fate', 'saved_search_match')),
	CONSTRAINT "notification_preferences_email_check" CHECK("__new_notification_preferences"."email" in ('instant', 'daily', 'off'))
);
--> statement-breakpoint
INSERT INTO `__new_notification_preferences`("user_id", "type", "in_app", "email", "email_version") SELECT "user_id", "type", "in_app", "email", "email_version" FROM `notification_preferences`;--> statement-breakpoint
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
	CONSTRAINT "notifications_type_check" CHECK("__new_notifications"."type" in ('like', 'comment', 'reply', 'follow', 'order_requested', 'order_accepted', 'order_countered', 'order_declined', 'order_cancelled', 'order_completed', 'order_message', 'enquiry_message', 'review', 'transfer_note_issued', 'report_resolved', 'content_hidden', 'content_restored', 'account_suspended', 'account_restored', 'lot_fate', 'saved_search_match'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "recipient_id", "type", "actor_id", "actors", "subject_type", "subject_id", "excerpt", "detail", "fold_key", "read_at", "emailed_at", "created_at", "updated_at") SELECT "id", "recipient_id", "type", "actor_id", "actors", "subject_type", "subject_id", "excerpt", "detail", "fold_key", "read_at", "emailed_at", "created_at", "updated_at" FROM `notifications`;--> statement-breakpoint
DELETE FROM sqlite_sequence WHERE name = '__new_notifications';--> statement-breakpoint
INSERT INTO sqlite_sequence (name, seq) SELECT '__new_notifications', seq FROM sqlite_sequence WHERE name = 'notifications';--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
CREATE INDEX `notifications_recipient_updated_idx` ON `notifications` (`recipient_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_recipient_unread_idx` ON `notifications` (`recipient_id`) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_recipient_fold_idx` ON `notifications` (`recipient_id`,`fold_key`);--> statement-breakpoint
CREATE INDEX `notifications_updated_idx` ON `notifications` (`updated_at`);