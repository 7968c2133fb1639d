-- Questions before an order; the notifications and reports tables are rebuilt for the "enquiry_message"
-- notification type and report target, each carrying its id sequence over, so no id is handed out twice.
CREATE TABLE `enquiries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer,
	`listing_title` text NOT NULL,
	`asker_id` integer NOT NULL,
	`owner_id` integer NOT NULL,
	`order_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`asker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enquiries_listing_asker_idx` ON `enquiries` (`listing_id`,`asker_id`);--> statement-breakpoint
CREATE INDEX `enquiries_asker_idx` ON `enquiries` (`asker_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `enquiries_owner_idx` ON `enquiries` (`owner_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `enquiry_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`enquiry_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`body` text NOT NULL,
	`hidden_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`enquiry_id`) REFERENCES `enquiries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `enquiry_messages_enquiry_idx` ON `enquiry_messages` (`enquiry_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notification_preferences` (
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`in_app` integer NOT NULL,
	`email` text NOT NULL,
	`email_version` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_type_check" CHECK("__new_notification_preferences"."type" in ('like', 'comment', 'reply', 'follow', 'order_requested', 'order_accepted', 'order_countered', 'order_declined', 'order_cancelled', 'order_completed', 'order_message', 'enquiry_message', 'review', 'transfer_note_issued', 'report_resolved', 'content_hidden', 'content_restored', 'account_suspended', 'account_restored', 'lot_fate')),
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
	CONSTRAINT "notifications_type_check" CHECK("__new_notifications"."type" in ('like', 'comment', 'reply', 'follow', 'order_requested', 'order_accepted', 'order_countered', 'order_declined', 'order_cancelled', 'order_completed', 'order_message', 'enquiry_message', 'review', 'transfer_note_issued', 'report_resolved', 'content_hidden', 'content_restored', 'account_suspended', 'account_restored', 'lot_fate'))
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
CREATE INDEX `notifications_updated_idx` ON `notifications` (`updated_at`);--> statement-breakpoint
CREATE TABLE `__new_reports` (
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
	CONSTRAINT "reports_target_type_check" CHECK("__new_reports"."target_type" in ('post', 'comment', 'listing', 'user', 'enquiry_message')),
	CONSTRAINT "reports_reason_check" CHECK("__new_reports"."reason" in ('spam', 'abuse', 'misleading', 'illegal', 'other')),
	CONSTRAINT "reports_state_check" CHECK("__new_reports"."state" in ('open', 'hidden', 'dismissed', 'suspended'))
);
--> statement-breakpoint
INSERT INTO `__new_reports`("id", "reporter_id", "target_type", "target_id", "target_user_id", "reason", "note", "state", "resolved_by", "resolved_at", "resolution_note", "created_at") SELECT "id", "reporter_id", "target_type", "target_id", "target_user_id", "reason", "note", "state", "resolved_by", "resolved_at", "resolution_note", "created_at" FROM `reports`;--> statement-breakpoint
DELETE FROM sqlite_sequence WHERE name = '__new_reports';--> statement-breakpoint
INSERT INTO sqlite_sequence (name, seq) SELECT '__new_reports', seq FROM sqlite_sequence WHERE name = 'reports';--> statement-breakpoint
DROP TABLE `reports`;--> statement-breakpoint
ALTER TABLE `__new_reports` RENAME TO `reports`;--> statement-breakpoint
CREATE UNIQUE INDEX `reports_reporter_target_idx` ON `reports` (`reporter_id`,`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `reports_state_target_idx` ON `reports` (`state`,`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `reports_target_user_idx` ON `reports` (`target_user_id`,`created_at`);