-- The marketplace trades listings: the cart now holds listings (cart_lines), and each seeded
-- product is shown as a sample listing linked to it. The old cart held only seeded products, which
-- are samples and cannot be ordered, so its rows are dropped rather than carried over.
CREATE TABLE `cart_lines` (
	`user_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`quantity` real NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `listing_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "cart_lines_quantity_check" CHECK("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
DROP TABLE `cart_items`;--> statement-breakpoint
ALTER TABLE `listings` ADD `sample_product_id` integer REFERENCES products(id) ON DELETE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX `listings_sample_product_id_unique` ON `listings` (`sample_product_id`);--> statement-breakpoint
CREATE INDEX `listings_status_sample_created_idx` ON `listings` (`status`,`is_sample`,`created_at`,`id`);
--> statement-breakpoint
-- Full-text search over listings' title and description, kept like posts_fts (0003): contentless,
-- written by triggers, and only text changes touch it (stock and status updates do not).
CREATE VIRTUAL TABLE `listings_fts` USING fts5(
	title, description,
	content='', contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_insert` AFTER INSERT ON `listings` BEGIN
	INSERT INTO `listings_fts`(rowid, title, description) VALUES (new.id, new.title, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_delete` AFTER DELETE ON `listings` BEGIN
	DELETE FROM `listings_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_update` AFTER UPDATE OF title, description ON `listings` BEGIN
	DELETE FROM `listings_fts` WHERE rowid = old.id;
	INSERT INTO `listings_fts`(rowid, title, description) VALUES (new.id, new.title, new.description);
END;
--> statement-breakpoint
-- Listings written before this migration (none are expected: the exchange had no pages yet).
INSERT INTO `listings_fts`(rowid, title, description) SELECT id, title, description FROM `listings`;
