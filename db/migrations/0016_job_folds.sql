ALTER TABLE `jobs` ADD `fold_key` text;--> statement-breakpoint
CREATE INDEX `jobs_fold_idx` ON `jobs` (`kind`,`fold_key`) WHERE "jobs"."state" = 'pending' and "jobs"."fold_key" is not null;