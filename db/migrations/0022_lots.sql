CREATE TABLE `listing_lots` (
	`listing_id` integer PRIMARY KEY NOT NULL,
	`lot_id` integer NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `listing_lots_lot_idx` ON `listing_lots` (`lot_id`);--> statement-breakpoint
CREATE TABLE `lot_operations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lot_id` integer NOT NULL,
	`code` text NOT NULL,
	`weight_kg` real NOT NULL,
	`date` text NOT NULL,
	`final` integer NOT NULL,
	`recorded_by` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "lot_operations_code_check" CHECK("lot_operations"."code" in ('R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'R10', 'R11', 'R12', 'R13', 'D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7', 'D8', 'D9', 'D10', 'D11', 'D12', 'D13', 'D14', 'D15')),
	CONSTRAINT "lot_operations_weight_check" CHECK("lot_operations"."weight_kg" > 0)
);
--> statement-breakpoint
CREATE INDEX `lot_operations_lot_idx` ON `lot_operations` (`lot_id`,`date`,`id`);--> statement-breakpoint
CREATE TABLE `lots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`holder_id` integer NOT NULL,
	`material` text NOT NULL,
	`ewc_codes` text NOT NULL,
	`weight_kg` real NOT NULL,
	`weight_left_kg` real NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`parent_lot_id` integer,
	`path` text NOT NULL,
	`note_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`holder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`parent_lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`note_id`) REFERENCES `transfer_notes`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "lots_state_check" CHECK("lots"."state" in ('open', 'closed')),
	CONSTRAINT "lots_weight_check" CHECK("lots"."weight_kg" > 0),
	CONSTRAINT "lots_weight_left_check" CHECK("lots"."weight_left_kg" >= 0 and "lots"."weight_left_kg" <= "lots"."weight_kg")
);
--> statement-breakpoint
CREATE INDEX `lots_holder_state_created_idx` ON `lots` (`holder_id`,`state`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `lots_path_idx` ON `lots` (`path`);--> statement-breakpoint
CREATE INDEX `lots_parent_idx` ON `lots` (`parent_lot_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `lots_note_idx` ON `lots` (`note_id`);