CREATE TABLE `listing_waste_codes` (
	`listing_id` integer NOT NULL,
	`code` text NOT NULL,
	`chapter` text NOT NULL,
	PRIMARY KEY(`listing_id`, `code`),
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_waste_codes_code_idx` ON `listing_waste_codes` (`code`,`listing_id`);--> statement-breakpoint
CREATE INDEX `listing_waste_codes_chapter_idx` ON `listing_waste_codes` (`chapter`,`listing_id`);--> statement-breakpoint
CREATE TABLE `transfer_note_codes` (
	`note_id` integer NOT NULL,
	`code` text NOT NULL,
	FOREIGN KEY (`note_id`) REFERENCES `transfer_notes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfer_note_codes_note_code_idx` ON `transfer_note_codes` (`note_id`,`code`);--> statement-breakpoint
CREATE TABLE `transfer_note_numbers` (
	`year` integer PRIMARY KEY NOT NULL,
	`last` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `transfer_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`order_id` integer,
	`transferor_id` integer NOT NULL,
	`transferee_id` integer NOT NULL,
	`issued_at` integer NOT NULL,
	`transferred_at` integer NOT NULL,
	`place` text NOT NULL,
	`transferor` text NOT NULL,
	`transferee` text NOT NULL,
	`carrier` text NOT NULL,
	`waste` text NOT NULL,
	`hierarchy_declaration` integer NOT NULL,
	`signatures` text NOT NULL,
	`retain_until` integer NOT NULL,
	`replaces_note_id` integer,
	`lot_id` integer,
	`weight_kg` real NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`transferor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transferee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`replaces_note_id`) REFERENCES `transfer_notes`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "transfer_notes_parties_check" CHECK("transfer_notes"."transferor_id" <> "transfer_notes"."transferee_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfer_notes_number_unique` ON `transfer_notes` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `transfer_notes_order_idx` ON `transfer_notes` (`order_id`) WHERE "transfer_notes"."replaces_note_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `transfer_notes_replaces_idx` ON `transfer_notes` (`replaces_note_id`);--> statement-breakpoint
CREATE INDEX `transfer_notes_transferor_idx` ON `transfer_notes` (`transferor_id`,`transferred_at`,`id`);--> statement-breakpoint
CREATE INDEX `transfer_notes_transferee_idx` ON `transfer_notes` (`transferee_id`,`transferred_at`,`id`);--> statement-breakpoint
CREATE INDEX `transfer_notes_retain_idx` ON `transfer_notes` (`retain_until`);--> statement-breakpoint
-- Hand-written: drizzle-kit would rebuild listings to add the checks, which drops its search
-- triggers; SQLite takes the same checks as column constraints of ADD COLUMN.
ALTER TABLE `listings` ADD `ewc_codes` text;--> statement-breakpoint
ALTER TABLE `listings` ADD `waste_description` text;--> statement-breakpoint
ALTER TABLE `listings` ADD `physical_form` text CONSTRAINT "listings_physical_form_check" CHECK("physical_form" is null or "physical_form" in ('Solid', 'Liquid', 'Sludge', 'Powder', 'Gas', 'Mixed'));--> statement-breakpoint
ALTER TABLE `listings` ADD `container_type` text CONSTRAINT "listings_container_type_check" CHECK("container_type" is null or "container_type" in ('BAG', 'BAL', 'BOX', 'CAN', 'CAR', 'CAS', 'CON', 'DRU', 'FIB', 'IBC', 'LOO', 'PAL', 'ROR', 'SKI', 'TAN', 'WBI'));--> statement-breakpoint
ALTER TABLE `listings` ADD `containers` integer CONSTRAINT "listings_containers_check" CHECK("containers" is null or "containers" > 0);--> statement-breakpoint
ALTER TABLE `orders` ADD `transfer_details` text;