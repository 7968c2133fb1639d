-- Offers and counters: the order_events action list gains counter and accept_counter (with the
-- counter's price), notifications gain order_countered, and orders keep the requester's offer and
-- the owner's counter. Rebuilt tables carry their id sequence, so no id is handed out twice;
-- orders is only altered, never rebuilt, since dropping it would cascade to its history.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`action` text NOT NULL,
	`state` text NOT NULL,
	`actor_id` integer NOT NULL,
	`reason` text,
	`price_cents` integer,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_events_action_check" CHECK("__new_order_events"."action" in ('request', 'accept', 'accept_counter', 'counter', 'decline', 'cancel', 'complete')),
	CONSTRAINT "order_events_state_check" CHECK("__new_order_events"."state" in ('requested', 'accepted', 'declined', 'cancelled', 'completed'))
);
--> statement-breakpoint
INSERT INTO `__new_order_events`("id", "order_id", "action", "state", "actor_id", "reason", "price_cents", "at") SELECT "id", "order_id", "action", "state", "actor_id", "reason", NULL, "at" FROM `order_events`;--> statement-breakpoint
DELETE FROM sqlite_sequence WHERE name = '__new_order_events';--> statement-breakpoint
INSERT INTO sqlite_sequence (name, seq) SELECT '__new_order_events', seq FROM sqlite_sequence WHERE name = 'order_events';--> statement-breakpoint
DROP TABLE `order_events`;--> statement-breakpoint
ALTER TABLE `__new_order_events` RENAME TO `order_events`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`);--> statement-breakpoint
CREATE TABLE `__new_notification_preferences` (
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`in_app` integer NOT NULL,
	`email` text NOT NULL,
	`email_version` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_type_check" CHECK("__new_notification_preferences"."type" in ('like', 'comment', 'reply', 'follow', 'order_requested', 'order_accepted', 'order_countered', 'order_declined', 'order_cancelled', 'order_completed', 'order_message', 'review', 'transfer_note_issued', 'report_resolved', 'content_hidden', 'content_restored', 'account_suspended', 'account_restored', 'lot_fate')),
	CONSTRAINT "notification_preferences_email_check" CHECK("__new_notification_preferences"."email" in ('instant', 'daily', 'off'))
);
--> statement-breakpoint
INSERT INTO `__new_notification_preferences`("user_id", "type", "in_app", "email", "email_version") SELECT "user_id", "type", "in_app", "email", "email_version" FROM `notification_preferences`;--> statement-breakpoint
DROP TABLE `notification_preferences`;--> statement-breakpoint
ALTER TABLE `__new_notification_preferences` RENAME TO `notification_preferences`;--> statement-breakpoint
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
	CONSTRAINT "notifications_type_check" CHECK("__new_notifications"."type" in ('like', 'comment', 'reply', 'follow', 'order_requested', 'order_accepted', 'order_countered', 'order_declined', 'order_cancelled', 'order_completed', 'order_message', 'review', 'transfer_note_issued', 'report_resolved', 'content_hidden', 'content_restored', 'account_suspended', 'account_restored', 'lot_fate'))
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
ALTER TABLE `orders` ADD `offer_price_cents` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `counter_price_cents` integer;