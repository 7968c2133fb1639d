CREATE TABLE `export_leases` (
	`member_id` integer NOT NULL,
	`kind` text NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `kind`)
);
