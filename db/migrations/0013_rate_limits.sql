CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`reset_at` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_reset_at_idx` ON `rate_limits` (`reset_at`);