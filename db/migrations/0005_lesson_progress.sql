CREATE TABLE `lesson_progress` (
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`lesson` integer NOT NULL,
	`completed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `course_id`, `lesson`),
	FOREIGN KEY (`user_id`,`course_id`) REFERENCES `course_enrollments`(`user_id`,`course_id`) ON UPDATE no action ON DELETE cascade
);
