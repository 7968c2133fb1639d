CREATE TABLE `follows` (
	`follower_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`follower_id`, `author_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `follows_author_idx` ON `follows` (`author_id`);--> statement-breakpoint
CREATE TABLE `post_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`content` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_comments_post_idx` ON `post_comments` (`post_id`);--> statement-breakpoint
CREATE TABLE `post_interactions` (
	`user_id` integer NOT NULL,
	`post_id` integer NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `post_id`, `type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_interactions_post_idx` ON `post_interactions` (`post_id`);--> statement-breakpoint
CREATE TABLE `post_media` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`position` integer NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_media_file_name_unique` ON `post_media` (`file_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `post_media_post_position_idx` ON `post_media` (`post_id`,`position`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`author_id` integer NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`post_type` text DEFAULT 'general' NOT NULL,
	`category` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`location_name` text,
	`is_local_event` integer DEFAULT false NOT NULL,
	`event_date` integer,
	`difficulty_level` text,
	`estimated_time` text,
	`environmental_impact` text DEFAULT '{}' NOT NULL,
	`is_featured` integer DEFAULT false NOT NULL,
	`likes_count` integer DEFAULT 0 NOT NULL,
	`comments_count` integer DEFAULT 0 NOT NULL,
	`shares_count` integer DEFAULT 0 NOT NULL,
	`views_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `posts_created_idx` ON `posts` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_category_created_idx` ON `posts` (`category`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_type_created_idx` ON `posts` (`post_type`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_author_created_idx` ON `posts` (`author_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_location_created_idx` ON `posts` ("location_name" collate nocase,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_local_events_idx` ON `posts` ("location_name" collate nocase,`is_local_event`,`event_date`);--> statement-breakpoint
CREATE INDEX `posts_events_idx` ON `posts` (`is_local_event`,`event_date`);--> statement-breakpoint
CREATE INDEX `posts_featured_idx` ON `posts` (`is_featured`,`created_at`);--> statement-breakpoint
CREATE TABLE `user_preferences` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`categories` text DEFAULT '[]' NOT NULL,
	`post_types` text DEFAULT '[]' NOT NULL,
	`location` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `author_type` text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `is_verified` integer DEFAULT false NOT NULL;