CREATE TABLE `activity_days` (
	`day` text NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`day`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `impact_days` (
	`member_id` integer NOT NULL,
	`date` text NOT NULL,
	`material` text NOT NULL,
	`treatment` text NOT NULL,
	`currency` text NOT NULL,
	`entries` integer NOT NULL,
	`weight_g` integer NOT NULL,
	`co2e_g` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	`cost_cents` integer NOT NULL,
	`confirmed_weight_g` integer NOT NULL,
	`confirmed_co2e_g` integer NOT NULL,
	`once_weight_g` integer NOT NULL,
	`once_co2e_g` integer NOT NULL,
	PRIMARY KEY(`member_id`, `date`, `material`, `treatment`, `currency`),
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `impact_days_date_idx` ON `impact_days` (`date`);--> statement-breakpoint
CREATE TABLE `impact_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`date` text NOT NULL,
	`material` text NOT NULL,
	`treatment` text NOT NULL,
	`weight_g` integer NOT NULL,
	`revenue_cents` integer,
	`currency` text,
	`note` text,
	`source` text NOT NULL,
	`order_id` integer,
	`counts_once` integer DEFAULT true NOT NULL,
	`co2e_g` integer NOT NULL,
	`factor_table` text NOT NULL,
	`submission_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "impact_entries_material_check" CHECK("impact_entries"."material" in ('plastics', 'metals', 'paper', 'glass', 'organics', 'textiles', 'wood', 'electronics', 'construction', 'mixed')),
	CONSTRAINT "impact_entries_treatment_check" CHECK("impact_entries"."treatment" in ('collected', 'reused', 'recycled', 'composted', 'energy_recovery', 'landfilled')),
	CONSTRAINT "impact_entries_source_check" CHECK("impact_entries"."source" in ('order', 'recorded')),
	CONSTRAINT "impact_entries_weight_check" CHECK("impact_entries"."weight_g" > 0 and "impact_entries"."weight_g" <= 100000000000),
	CONSTRAINT "impact_entries_date_check" CHECK("impact_entries"."date" glob '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
	CONSTRAINT "impact_entries_order_check" CHECK(("impact_entries"."source" = 'order') = ("impact_entries"."order_id" is not null)),
	CONSTRAINT "impact_entries_currency_check" CHECK(("impact_entries"."revenue_cents" is null) = ("impact_entries"."currency" is null))
);
--> statement-breakpoint
CREATE INDEX `impact_entries_member_date_idx` ON `impact_entries` (`member_id`,`date`,`id`);--> statement-breakpoint
CREATE INDEX `impact_entries_member_created_idx` ON `impact_entries` (`member_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `impact_entries_order_member_idx` ON `impact_entries` (`order_id`,`member_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `impact_entries_member_submission_idx` ON `impact_entries` (`member_id`,`submission_key`);--> statement-breakpoint
CREATE TABLE `impact_member_days` (
	`member_id` integer NOT NULL,
	`date` text NOT NULL,
	`currency` text NOT NULL,
	`entries` integer NOT NULL,
	`weight_g` integer NOT NULL,
	`co2e_g` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	`cost_cents` integer NOT NULL,
	`confirmed_weight_g` integer NOT NULL,
	`confirmed_co2e_g` integer NOT NULL,
	`collected_g` integer NOT NULL,
	`reused_g` integer NOT NULL,
	`recycled_g` integer NOT NULL,
	`composted_g` integer NOT NULL,
	`energy_recovery_g` integer NOT NULL,
	`landfilled_g` integer NOT NULL,
	PRIMARY KEY(`member_id`, `date`, `currency`),
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
-- impact_days (the entries summed by member, day, material, treatment and currency) and
-- impact_member_days (by member, day and currency, a column a treatment): these triggers keep both
-- in the statement that writes the entry, so they can never disagree with the entries.
CREATE TRIGGER `impact_days_after_insert` AFTER INSERT ON `impact_entries` BEGIN
	INSERT INTO `impact_days` (member_id, date, material, treatment, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, once_weight_g, once_co2e_g)
	VALUES (new.member_id, new.date, new.material, new.treatment, coalesce(new.currency, ''), 1, new.weight_g, new.co2e_g,
		max(coalesce(new.revenue_cents, 0), 0), max(-coalesce(new.revenue_cents, 0), 0),
		(new.weight_g * (new.source = 'order')), (new.co2e_g * (new.source = 'order')),
		(new.weight_g * new.counts_once), (new.co2e_g * new.counts_once))
	ON CONFLICT (member_id, date, material, treatment, currency) DO UPDATE SET
		entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g,
		revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents,
		confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g,
		once_weight_g = once_weight_g + excluded.once_weight_g, once_co2e_g = once_co2e_g + excluded.once_co2e_g;
	INSERT INTO `impact_member_days` (member_id, date, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, collected_g, reused_g, recycled_g, composted_g, energy_recovery_g, landfilled_g)
	VALUES (new.member_id, new.date, coalesce(new.currency, ''), 1, new.weight_g, new.co2e_g,
		max(coalesce(new.revenue_cents, 0), 0), max(-coalesce(new.revenue_cents, 0), 0),
		(new.weight_g * (new.source = 'order')), (new.co2e_g * (new.source = 'order')),
		(new.weight_g * (new.treatment = 'collected')), (new.weight_g * (new.treatment = 'reused')), (new.weight_g * (new.treatment = 'recycled')), (new.weight_g * (new.treatment = 'composted')), (new.weight_g * (new.treatment = 'energy_recovery')), (new.weight_g * (new.treatment = 'landfilled')))
	ON CONFLICT (member_id, date, currency) DO UPDATE SET
		entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g,
		revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents,
		confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g,
		collected_g = collected_g + excluded.collected_g, reused_g = reused_g + excluded.reused_g, recycled_g = recycled_g + excluded.recycled_g, composted_g = composted_g + excluded.composted_g, energy_recovery_g = energy_recovery_g + excluded.energy_recovery_g, landfilled_g = landfilled_g + excluded.landfilled_g;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_days_after_delete` AFTER DELETE ON `impact_entries` BEGIN
	INSERT INTO `impact_days` (member_id, date, material, treatment, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, once_weight_g, once_co2e_g)
	VALUES (old.member_id, old.date, old.material, old.treatment, coalesce(old.currency, ''), -1, -old.weight_g, -old.co2e_g,
		-max(coalesce(old.revenue_cents, 0), 0), -max(-coalesce(old.revenue_cents, 0), 0),
		-(old.weight_g * (old.source = 'order')), -(old.co2e_g * (old.source = 'order')),
		-(old.weight_g * old.counts_once), -(old.co2e_g * old.counts_once))
	ON CONFLICT (member_id, date, material, treatment, currency) DO UPDATE SET
		entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g,
		revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents,
		confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g,
		once_weight_g = once_weight_g + excluded.once_weight_g, once_co2e_g = once_co2e_g + excluded.once_co2e_g;
	DELETE FROM `impact_days` WHERE member_id = old.member_id AND date = old.date AND entries = 0;
	INSERT INTO `impact_member_days` (member_id, date, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, collected_g, reused_g, recycled_g, composted_g, energy_recovery_g, landfilled_g)
	VALUES (old.member_id, old.date, coalesce(old.currency, ''), -1, -old.weight_g, -old.co2e_g,
		-max(coalesce(old.revenue_cents, 0), 0), -max(-coalesce(old.revenue_cents, 0), 0),
		-(old.weight_g * (old.source = 'order')), -(old.co2e_g * (old.source = 'order')),
		-(old.weight_g * (old.treatment = 'collected')), -(old.weight_g * (old.treatment = 'reused')), -(old.weight_g * (old.treatment = 'recycled')), -(old.weight_g * (old.treatment = 'composted')), -(old.weight_g * (old.treatment = 'energy_recovery')), -(old.weight_g * (old.treatment = 'landfilled')))
	ON CONFLICT (member_id, date, currency) DO UPDATE SET
		entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g,
		revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents,
		confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g,
		collected_g = collected_g + excluded.collected_g, reused_g = reused_g + excluded.reused_g, recycled_g = recycled_g + excluded.recycled_g, composted_g = composted_g + excluded.composted_g, energy_recovery_g = energy_recovery_g + excluded.energy_recovery_g, landfilled_g = landfilled_g + excluded.landfilled_g;
	DELETE FROM `impact_member_days` WHERE member_id = old.member_id AND date = old.date AND entries = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_days_after_update` AFTER UPDATE ON `impact_entries` BEGIN
	INSERT INTO `impact_days` (member_id, date, material, treatment, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, once_weight_g, once_co2e_g)
	VALUES (old.member_id, old.date, old.material, old.treatment, coalesce(old.currency, ''), -1, -old.weight_g, -old.co2e_g,
		-max(coalesce(old.revenue_cents, 0), 0), -max(-coalesce(old.revenue_cents, 0), 0),
		-(old.weight_g * (old.source = 'order')), -(old.co2e_g * (old.source = 'order')),
		-(old.weight_g * old.counts_once), -(old.co2e_g * old.counts_once))
	ON CONFLICT (member_id, date, material, treatment, currency) DO UPDATE SET
		entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g,
		revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents,
		confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g,
		once_weight_g = once_weight_g + excluded.once_weight_g, once_co2e_g = once_co2e_g + excluded.once_co2e_g;
	INSERT INTO `impact_days` (member_id, date, material, treatment, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, once_weight_g, once_co2e_g)
	VALUES (new.member_id, new.date, new.material, new.treatment, coalesce(new.currency, ''), 1, new.weight_g, new.co2e_g,
		max(coalesce(new.revenue_cents, 0), 0), max(-coalesce(new.revenue_cents, 0), 0),
		(new.weight_g * (new.source = 'order')), (new.co2e_g * (new.source = 'order')),
		(new.weight_g * new.counts_once), (new.co2e_g * new.counts_once))
	ON CONFLICT (member_id, date, material, treatment, currency) DO UPDATE SET
		entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g,
		revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents,
		confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g,
		once_weight_g = once_weight_g + excluded.once_weight_g, once_co2e_g = once_co2e_g + excluded.once_co2e_g;
	DELETE FROM `impact_days` WHERE member_id = old.member_id AND date = old.date AND entries = 0;
	INSERT INTO `impact_member_days` (member_id, date, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, collected_g, reused_g, recycled_g, composted_g, energy_recovery_g, landfilled_g)
	VALUES (old.member_id, old.date, coalesce(old.currency, ''), -1, -old.weight_g, -old.co2e_g,
		-max(coalesce(old.revenue_cents, 0), 0), -max(-coalesce(old.revenue_cents, 0), 0),
		-(old.weight_g * (old.source = 'order')), -(old.co2e_g * (old.source = 'order')),
		-(old.weight_g * (old.treatment = 'collected')), -(old.weight_g * (old.treatment = 'reused')), -(old.weight_g * (old.treatment = 'recycled')), -(old.weight_g * (old.treatment = 'composted')), -(old.weight_g * (old.treatment = 'energy_recovery')), -(old.weight_g * (old.treatment = 'landfilled')))
	ON CONFLICT (member_id, date, currency) DO UPDATE SET
		entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g,
		revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents,
		confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g,
		collected_g = collected_g + excluded.collected_g, reused_g = reused_g + excluded.reused_g, recycled_g = recycled_g + excluded.recycled_g, composted_g = composted_g + excluded.composted_g, energy_recovery_g = energy_recovery_g + excluded.energy_recovery_g, landfilled_g = landfilled_g + excluded.landfilled_g;
	INSERT INTO `impact_member_days` (member_id, date, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, collected_g, reused_g, recycled_g, composted_g, energy_recovery_g, landfilled_g)
	VALUES (new.member_id, new.date, coalesce(new.currency, ''), 1, new.weight_g, new.co2e_g,
		max(coalesce(new.revenue_cents, 0), 0), max(-coalesce(new.revenue_cents, 0), 0),
		(new.weight_g * (new.source = 'order')), (new.co2e_g * (new.source = 'order')),
		(new.weight_g * (new.treatment = 'collected')), (new.weight_g * (new.treatment = 'reused')), (new.weight_g * (new.treatment = 'recycled')), (new.weight_g * (new.treatment = 'composted')), (new.weight_g * (new.treatment = 'energy_recovery')), (new.weight_g * (new.treatment = 'landfilled')))
	ON CONFLICT (member_id, date, currency) DO UPDATE SET
		entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g,
		revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents,
		confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g,
		collected_g = collected_g + excluded.collected_g, reused_g = reused_g + excluded.reused_g, recycled_g = recycled_g + excluded.recycled_g, composted_g = composted_g + excluded.composted_g, energy_recovery_g = energy_recovery_g + excluded.energy_recovery_g, landfilled_g = landfilled_g + excluded.landfilled_g;
	DELETE FROM `impact_member_days` WHERE member_id = old.member_id AND date = old.date AND entries = 0;
END;
--> statement-breakpoint
-- activity_days: a member was active on a day (UTC) when they signed in (a session was made) or
-- wrote something. Active Users counts them; entries from orders are written for both parties by
-- the completion, which order_events already records for the member who completed it.
CREATE TRIGGER `activity_days_after_sessions` AFTER INSERT ON `sessions` BEGIN
	INSERT OR IGNORE INTO `activity_days` (day, user_id) VALUES (date(new.created_at / 1000, 'unixepoch'), new.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `activity_days_after_posts` AFTER INSERT ON `posts` BEGIN
	INSERT OR IGNORE INTO `activity_days` (day, user_id) VALUES (date(new.created_at / 1000, 'unixepoch'), new.author_id);
END;
--> statement-breakpoint
CREATE TRIGGER `activity_days_after_post_comments` AFTER INSERT ON `post_comments` BEGIN
	INSERT OR IGNORE INTO `activity_days` (day, user_id) VALUES (date(new.created_at / 1000, 'unixepoch'), new.author_id);
END;
--> statement-breakpoint
CREATE TRIGGER `activity_days_after_follows` AFTER INSERT ON `follows` BEGIN
	INSERT OR IGNORE INTO `activity_days` (day, user_id) VALUES (date(new.created_at / 1000, 'unixepoch'), new.follower_id);
END;
--> statement-breakpoint
CREATE TRIGGER `activity_days_after_listings` AFTER INSERT ON `listings` BEGIN
	INSERT OR IGNORE INTO `activity_days` (day, user_id) VALUES (date(new.created_at / 1000, 'unixepoch'), new.seller_id);
END;
--> statement-breakpoint
CREATE TRIGGER `activity_days_after_order_events` AFTER INSERT ON `order_events` BEGIN
	INSERT OR IGNORE INTO `activity_days` (day, user_id) VALUES (date(new.at / 1000, 'unixepoch'), new.actor_id);
END;
--> statement-breakpoint
CREATE TRIGGER `activity_days_after_order_messages` AFTER INSERT ON `order_messages` BEGIN
	INSERT OR IGNORE INTO `activity_days` (day, user_id) VALUES (date(new.created_at / 1000, 'unixepoch'), new.author_id);
END;
--> statement-breakpoint
CREATE TRIGGER `activity_days_after_reviews` AFTER INSERT ON `reviews` BEGIN
	INSERT OR IGNORE INTO `activity_days` (day, user_id) VALUES (date(new.created_at / 1000, 'unixepoch'), new.author_id);
END;
--> statement-breakpoint
CREATE TRIGGER `activity_days_after_impact_entries` AFTER INSERT ON `impact_entries` WHEN new.source = 'recorded' BEGIN
	INSERT OR IGNORE INTO `activity_days` (day, user_id) VALUES (date(new.created_at / 1000, 'unixepoch'), new.member_id);
END;
--> statement-breakpoint
-- What members did before this migration.
INSERT OR IGNORE INTO `activity_days` (day, user_id) SELECT date(created_at / 1000, 'unixepoch'), user_id FROM `sessions`;
--> statement-breakpoint
INSERT OR IGNORE INTO `activity_days` (day, user_id) SELECT date(created_at / 1000, 'unixepoch'), author_id FROM `posts`;
--> statement-breakpoint
INSERT OR IGNORE INTO `activity_days` (day, user_id) SELECT date(created_at / 1000, 'unixepoch'), author_id FROM `post_comments`;
--> statement-breakpoint
INSERT OR IGNORE INTO `activity_days` (day, user_id) SELECT date(created_at / 1000, 'unixepoch'), follower_id FROM `follows`;
--> statement-breakpoint
INSERT OR IGNORE INTO `activity_days` (day, user_id) SELECT date(created_at / 1000, 'unixepoch'), seller_id FROM `listings`;
--> statement-breakpoint
INSERT OR IGNORE INTO `activity_days` (day, user_id) SELECT date(at / 1000, 'unixepoch'), actor_id FROM `order_events`;
--> statement-breakpoint
INSERT OR IGNORE INTO `activity_days` (day, user_id) SELECT date(created_at / 1000, 'unixepoch'), author_id FROM `order_messages`;
--> statement-breakpoint
INSERT OR IGNORE INTO `activity_days` (day, user_id) SELECT date(created_at / 1000, 'unixepoch'), author_id FROM `reviews`;
