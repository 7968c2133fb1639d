CREATE TABLE `calendar_feeds` (
	`member_id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_idx` ON `calendar_feeds` (`token`);--> statement-breakpoint
CREATE TABLE `event_photos` (
	`event_id` integer PRIMARY KEY NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_photos_file_name_unique` ON `event_photos` (`file_name`);--> statement-breakpoint
CREATE TABLE `event_rsvps` (
	`event_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`status` text NOT NULL,
	`answered_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `member_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "event_rsvps_status_check" CHECK("event_rsvps"."status" in ('going', 'waitlisted', 'not_going'))
);
--> statement-breakpoint
CREATE INDEX `event_rsvps_event_status_idx` ON `event_rsvps` (`event_id`,`status`,`answered_at`);--> statement-breakpoint
CREATE INDEX `event_rsvps_member_idx` ON `event_rsvps` (`member_id`,`status`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organiser_id` integer NOT NULL,
	`title` text NOT NULL,
	`kind` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`time_zone` text NOT NULL,
	`place` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`capacity` integer,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`cancel_reason` text,
	`cancelled_at` integer,
	`reminded_at` integer,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organiser_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "events_kind_check" CHECK("events"."kind" in ('repair_cafe', 'cleanup', 'swap', 'collection_drive', 'workshop', 'other')),
	CONSTRAINT "events_status_check" CHECK("events"."status" in ('scheduled', 'cancelled')),
	CONSTRAINT "events_times_check" CHECK("events"."ends_at" > "events"."starts_at"),
	CONSTRAINT "events_capacity_check" CHECK("events"."capacity" is null or "events"."capacity" > 0),
	CONSTRAINT "events_cancel_check" CHECK(("events"."status" = 'cancelled') = ("events"."cancelled_at" is not null))
);
--> statement-breakpoint
CREATE INDEX `events_starts_idx` ON `events` (`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `events_organiser_idx` ON `events` (`organiser_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `events_kind_starts_idx` ON `events` (`kind`,`starts_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notification_preferences` (
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`in_app` integer NOT NULL,
	`email` text NOT NULL,
	`email_version` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_type_check" CHECK("__new_notification_preferences"."type" in ('like', 'comment', 'reply', 'follow', 'order_requested', 'order_accepted', 'order_countered', 'order_declined', 'order_cancelled', 'order_completed', 'order_message', 'enquiry_message', 'review', 'transfer_note_issued', 'report_resolved', 'content_hidden', 'content_restored', 'account_suspended', 'account_restored', 'lot_fate', 'saved_search_match', 'event_changed', 'event_cancelled', 'event_seat_freed', 'event_reminder', 'event_results')),
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
	CONSTRAINT "notifications_type_check" CHECK("__new_notifications"."type" in ('like', 'comment', 'reply', 'follow', 'order_requested', 'order_accepted', 'order_countered', 'order_declined', 'order_cancelled', 'order_completed', 'order_message', 'enquiry_message', 'review', 'transfer_note_issued', 'report_resolved', 'content_hidden', 'content_restored', 'account_suspended', 'account_restored', 'lot_fate', 'saved_search_match', 'event_changed', 'event_cancelled', 'event_seat_freed', 'event_reminder', 'event_results'))
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