CREATE TABLE `listing_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`position` integer NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `listing_photos_file_name_unique` ON `listing_photos` (`file_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `listing_photos_listing_position_idx` ON `listing_photos` (`listing_id`,`position`);--> statement-breakpoint
CREATE TABLE `listings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seller_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`category` text NOT NULL,
	`material` text NOT NULL,
	`condition` text NOT NULL,
	`quantity` real NOT NULL,
	`unit` text NOT NULL,
	`weight_per_unit_kg` real,
	`price_cents` integer NOT NULL,
	`quantity_left` real NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`handover` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "listings_kind_check" CHECK("listings"."kind" in ('sale', 'free', 'wanted')),
	CONSTRAINT "listings_material_check" CHECK("listings"."material" in ('plastics', 'metals', 'paper', 'glass', 'organics', 'textiles', 'wood', 'electronics', 'construction', 'mixed')),
	CONSTRAINT "listings_condition_check" CHECK("listings"."condition" in ('new', 'like_new', 'used', 'refurbished', 'for_parts', 'scrap')),
	CONSTRAINT "listings_unit_check" CHECK("listings"."unit" in ('piece', 'kg', 't')),
	CONSTRAINT "listings_handover_check" CHECK("listings"."handover" in ('collection', 'delivery', 'buyer_transport')),
	CONSTRAINT "listings_status_check" CHECK("listings"."status" in ('active', 'paused', 'closed')),
	CONSTRAINT "listings_quantity_check" CHECK("listings"."quantity" > 0),
	CONSTRAINT "listings_quantity_left_check" CHECK("listings"."quantity_left" >= 0 and "listings"."quantity_left" <= "listings"."quantity"),
	CONSTRAINT "listings_weight_check" CHECK("listings"."weight_per_unit_kg" is null or "listings"."weight_per_unit_kg" > 0),
	CONSTRAINT "listings_price_check" CHECK("listings"."price_cents" >= 0 and "listings"."price_cents" <= 100000000 and ("listings"."kind" <> 'free' or "listings"."price_cents" = 0))
);
--> statement-breakpoint
CREATE INDEX `listings_status_created_idx` ON `listings` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `listings_category_status_created_idx` ON `listings` (`category`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `listings_material_status_created_idx` ON `listings` (`material`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `listings_seller_created_idx` ON `listings` (`seller_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`action` text NOT NULL,
	`state` text NOT NULL,
	`actor_id` integer NOT NULL,
	`reason` text,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_events_action_check" CHECK("order_events"."action" in ('request', 'accept', 'decline', 'cancel', 'complete')),
	CONSTRAINT "order_events_state_check" CHECK("order_events"."state" in ('requested', 'accepted', 'declined', 'cancelled', 'completed'))
);
--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`);--> statement-breakpoint
CREATE TABLE `order_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_messages_order_idx` ON `order_messages` (`order_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`listing_id` integer NOT NULL,
	`buyer_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`quantity` real NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`state` text DEFAULT 'requested' NOT NULL,
	`handover` text NOT NULL,
	`message` text,
	`buyer_confirmed_at` integer,
	`seller_confirmed_at` integer,
	`weight_kg` real,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "orders_state_check" CHECK("orders"."state" in ('requested', 'accepted', 'declined', 'cancelled', 'completed')),
	CONSTRAINT "orders_handover_check" CHECK("orders"."handover" in ('collection', 'delivery', 'buyer_transport')),
	CONSTRAINT "orders_quantity_check" CHECK("orders"."quantity" > 0),
	CONSTRAINT "orders_price_check" CHECK("orders"."unit_price_cents" >= 0),
	CONSTRAINT "orders_parties_check" CHECK("orders"."buyer_id" <> "orders"."seller_id"),
	CONSTRAINT "orders_weight_check" CHECK("orders"."weight_kg" is null or "orders"."weight_kg" > 0)
);
--> statement-breakpoint
CREATE INDEX `orders_buyer_created_idx` ON `orders` (`buyer_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_seller_created_idx` ON `orders` (`seller_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_listing_idx` ON `orders` (`listing_id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`subject_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subject_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating_check" CHECK("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_subject_check" CHECK("reviews"."author_id" <> "reviews"."subject_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_order_author_idx` ON `reviews` (`order_id`,`author_id`);--> statement-breakpoint
CREATE INDEX `reviews_subject_created_idx` ON `reviews` (`subject_id`,`created_at`);