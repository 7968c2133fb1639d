CREATE TABLE `education_articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`body_markdown` text DEFAULT '' NOT NULL,
	`topic` text,
	`byline` text DEFAULT '' NOT NULL,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "education_articles_topic_check" CHECK("education_articles"."topic" in ('zero_waste', 'recycling', 'composting', 'energy', 'business'))
);
--> statement-breakpoint
CREATE TABLE `education_certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`user_id` integer NOT NULL,
	`course_id` integer,
	`course_title` text NOT NULL,
	`issued_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `education_courses`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `education_certificates_number_unique` ON `education_certificates` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `education_certificates_user_course_idx` ON `education_certificates` (`user_id`,`course_id`);--> statement-breakpoint
CREATE TABLE `education_courses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`body_markdown` text DEFAULT '' NOT NULL,
	`topic` text,
	`level` text,
	`byline` text DEFAULT '' NOT NULL,
	`duration` text DEFAULT '' NOT NULL,
	`featured` integer DEFAULT false NOT NULL,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "education_courses_topic_check" CHECK("education_courses"."topic" in ('zero_waste', 'recycling', 'composting', 'energy', 'business')),
	CONSTRAINT "education_courses_level_check" CHECK("education_courses"."level" in ('Beginner', 'Intermediate', 'Advanced'))
);
--> statement-breakpoint
CREATE TABLE `education_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `education_images_file_name_unique` ON `education_images` (`file_name`);--> statement-breakpoint
CREATE TABLE `education_lessons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`body_markdown` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `education_courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `education_lessons_course_position_idx` ON `education_lessons` (`course_id`,`position`);--> statement-breakpoint
-- Enrolments and progress named the fixed sample catalogue's courses and lesson numbers, which
-- no longer exist (courses are rows now, and SEED=1 seeds the samples as new rows): they go.
DROP TABLE `lesson_progress`;--> statement-breakpoint
DROP TABLE `course_enrollments`;--> statement-breakpoint
CREATE TABLE `course_enrollments` (
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `course_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `education_courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `lesson_progress` (
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`lesson_id` integer NOT NULL,
	`completed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `lesson_id`),
	FOREIGN KEY (`lesson_id`) REFERENCES `education_lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`,`course_id`) REFERENCES `course_enrollments`(`user_id`,`course_id`) ON UPDATE no action ON DELETE cascade
);
