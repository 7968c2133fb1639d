CREATE TABLE `organisations` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`legal_name` text NOT NULL,
	`address` text NOT NULL,
	`postcode` text NOT NULL,
	`country` text NOT NULL,
	`sic_code` text NOT NULL,
	`roles` text NOT NULL,
	`carrier_registration` text,
	`permit_number` text,
	`exemption_reference` text,
	`site_name` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
