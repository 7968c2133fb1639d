CREATE TABLE `page_acceptances` (
	`member_id` integer NOT NULL,
	`slug` text NOT NULL,
	`version` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`member_id`, `slug`, `version`),
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`version` integer NOT NULL,
	`title` text NOT NULL,
	`body_markdown` text NOT NULL,
	`author_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "site_pages_slug_check" CHECK("site_pages"."slug" in ('terms', 'privacy', 'about', 'cookies'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_pages_slug_version_idx` ON `site_pages` (`slug`,`version`);--> statement-breakpoint
CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`tagline` text DEFAULT '' NOT NULL,
	`contact_email` text DEFAULT '' NOT NULL,
	`reply_to` text DEFAULT '' NOT NULL,
	`brand_colour` text,
	`about` text DEFAULT '' NOT NULL,
	`mail_footer` text DEFAULT '' NOT NULL,
	`logo_file` text,
	`landing` text NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "site_settings_one_row" CHECK("site_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `testimonials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`role` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`quote` text NOT NULL,
	`rating` integer NOT NULL,
	`member_id` integer,
	`consented_at` integer,
	`sample` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "testimonials_rating_check" CHECK("testimonials"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE INDEX `testimonials_member_idx` ON `testimonials` (`member_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`details` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "audit_log_action_check" CHECK("__new_audit_log"."action" in ('hide', 'restore', 'dismiss', 'verify', 'unverify', 'set_author_type', 'suspend', 'unsuspend', 'grant_admin', 'revoke_admin', 'update_site', 'update_page', 'add_testimonial', 'change_testimonial', 'remove_testimonial'))
);
--> statement-breakpoint
INSERT INTO `__new_audit_log`("id", "admin_id", "action", "target_type", "target_id", "note", "details", "created_at") SELECT "id", "admin_id", "action", "target_type", "target_id", "note", "details", "created_at" FROM `audit_log`;--> statement-breakpoint
DELETE FROM sqlite_sequence WHERE name = '__new_audit_log';--> statement-breakpoint
INSERT INTO sqlite_sequence (name, seq) SELECT '__new_audit_log', seq FROM sqlite_sequence WHERE name = 'audit_log';--> statement-breakpoint
DROP TABLE `audit_log`;--> statement-breakpoint
ALTER TABLE `__new_audit_log` RENAME TO `audit_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_admin_created_idx` ON `audit_log` (`admin_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_action_created_idx` ON `audit_log` (`action`,`created_at`,`id`);--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
