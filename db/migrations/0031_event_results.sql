CREATE TABLE `event_results` (
	`event_id` integer PRIMARY KEY NOT NULL,
	`items_repaired` integer,
	`items_checked` integer,
	`volunteers` integer,
	`hours` real,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "event_results_counts_check" CHECK(coalesce("event_results"."items_repaired", 0) >= 0 and coalesce("event_results"."items_checked", 0) >= 0
        and coalesce("event_results"."volunteers", 0) >= 0 and coalesce("event_results"."hours", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE `member_badges` (
	`member_id` integer PRIMARY KEY NOT NULL,
	`enabled_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_impact_entries` (
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
	`role` text DEFAULT 'own' NOT NULL,
	`lot_operation_id` integer,
	`event_id` integer,
	`counts_once` integer DEFAULT true NOT NULL,
	`co2e_g` integer NOT NULL,
	`factor_table` text NOT NULL,
	`submission_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lot_operation_id`) REFERENCES `lot_operations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "impact_entries_material_check" CHECK("__new_impact_entries"."material" in ('plastics', 'metals', 'paper', 'glass', 'organics', 'textiles', 'wood', 'electronics', 'construction', 'mixed')),
	CONSTRAINT "impact_entries_treatment_check" CHECK("__new_impact_entries"."treatment" in ('collected', 'reused', 'recycled', 'composted', 'energy_recovery', 'landfilled')),
	CONSTRAINT "impact_entries_source_check" CHECK("__new_impact_entries"."source" in ('order', 'recorded', 'operation', 'event')),
	CONSTRAINT "impact_entries_weight_check" CHECK("__new_impact_entries"."weight_g" > 0 and "__new_impact_entries"."weight_g" <= 100000000000),
	CONSTRAINT "impact_entries_date_check" CHECK("__new_impact_entries"."date" glob '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'),
	CONSTRAINT "impact_entries_role_check" CHECK("__new_impact_entries"."role" in ('own', 'diverted', 'received', 'recovered', 'credit_moved')),
	CONSTRAINT "impact_entries_order_check" CHECK(("__new_impact_entries"."source" in ('recorded', 'event')) = ("__new_impact_entries"."order_id" is null and "__new_impact_entries"."lot_operation_id" is null)),
	CONSTRAINT "impact_entries_event_check" CHECK(("__new_impact_entries"."source" = 'event') = ("__new_impact_entries"."event_id" is not null)),
	CONSTRAINT "impact_entries_operation_check" CHECK(("__new_impact_entries"."source" = 'operation') = ("__new_impact_entries"."lot_operation_id" is not null)),
	CONSTRAINT "impact_entries_source_role_check" CHECK(("__new_impact_entries"."source" = 'recorded' and "__new_impact_entries"."role" = 'own')
        or ("__new_impact_entries"."source" = 'order' and "__new_impact_entries"."role" in ('diverted', 'received'))
        or ("__new_impact_entries"."source" = 'operation' and "__new_impact_entries"."role" in ('recovered', 'credit_moved'))
        or ("__new_impact_entries"."source" = 'event' and "__new_impact_entries"."role" = 'own')),
	CONSTRAINT "impact_entries_currency_check" CHECK(("__new_impact_entries"."revenue_cents" is null) = ("__new_impact_entries"."currency" is null))
);
--> statement-breakpoint
-- Entries may now come from an event's results (source `event`, role `own`, with `event_id`;
-- docs/decisions/052). The table is rebuilt for its checks, its rows as they were; the id sequence
-- is carried over, so no id is handed out twice, and the triggers that keep the sums by day (which
-- went with the old table) are made again as migration 0024 wrote them. Recording results is
-- activity, like recording a load.
INSERT INTO `__new_impact_entries`("id", "member_id", "date", "material", "treatment", "weight_g", "revenue_cents", "currency", "note", "source", "order_id", "role", "lot_operation_id", "event_id", "counts_once", "co2e_g", "factor_table", "submission_key", "created_at", "updated_at") SELECT "id", "member_id", "date", "material", "treatment", "weight_g", "revenue_cents", "currency", "note", "source", "order_id", "role", "lot_operation_id", NULL, "counts_once", "co2e_g", "factor_table", "submission_key", "created_at", "updated_at" FROM `impact_entries`;--> statement-breakpoint
DELETE FROM sqlite_sequence WHERE name = '__new_impact_entries';--> statement-breakpoint
INSERT INTO sqlite_sequence (name, seq) SELECT '__new_impact_entries', seq FROM sqlite_sequence WHERE name = 'impact_entries';--> statement-breakpoint
DROP TABLE `impact_entries`;--> statement-breakpoint
ALTER TABLE `__new_impact_entries` RENAME TO `impact_entries`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `impact_entries_member_date_idx` ON `impact_entries` (`member_id`,`date`,`id`);--> statement-breakpoint
CREATE INDEX `impact_entries_member_created_idx` ON `impact_entries` (`member_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `impact_entries_order_member_idx` ON `impact_entries` (`order_id`,`member_id`) WHERE "impact_entries"."source" = 'order';--> statement-breakpoint
CREATE INDEX `impact_entries_order_idx` ON `impact_entries` (`order_id`,`member_id`,`role`);--> statement-breakpoint
CREATE UNIQUE INDEX `impact_entries_operation_role_idx` ON `impact_entries` (`lot_operation_id`,`role`);--> statement-breakpoint
CREATE INDEX `impact_entries_event_idx` ON `impact_entries` (`event_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `impact_entries_member_submission_idx` ON `impact_entries` (`member_id`,`submission_key`);--> statement-breakpoint
CREATE TRIGGER `impact_days_after_insert` AFTER INSERT ON `impact_entries` BEGIN
	INSERT INTO `impact_days` (member_id, date, material, treatment, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, once_weight_g, once_co2e_g, handovers)
	VALUES (new.member_id, new.date, new.material, new.treatment, coalesce(new.currency, ''), 1, (new.weight_g * (new.role IN ('own', 'diverted', 'received'))), new.co2e_g, max(coalesce(new.revenue_cents, 0), 0), max(-coalesce(new.revenue_cents, 0), 0), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.source = 'order')), (new.co2e_g * (new.source = 'order')), (new.weight_g * new.counts_once * (CASE new.role WHEN 'credit_moved' THEN -1 ELSE 1 END)), (new.co2e_g * new.counts_once), (new.role = 'diverted'))
	ON CONFLICT (member_id, date, material, treatment, currency) DO UPDATE SET entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g, revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents, confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g, once_weight_g = once_weight_g + excluded.once_weight_g, once_co2e_g = once_co2e_g + excluded.once_co2e_g, handovers = handovers + excluded.handovers;
	INSERT INTO `impact_member_days` (member_id, date, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, collected_g, reused_g, recycled_g, composted_g, energy_recovery_g, landfilled_g, diverted_g, received_g, recovered_g, pending_g, pending_co2e_g, recovered_co2e_g)
	VALUES (new.member_id, new.date, coalesce(new.currency, ''), 1, (new.weight_g * (new.role IN ('own', 'diverted', 'received'))), new.co2e_g, max(coalesce(new.revenue_cents, 0), 0), max(-coalesce(new.revenue_cents, 0), 0), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.source = 'order')), (new.co2e_g * (new.source = 'order')), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.treatment = 'collected')), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.treatment = 'reused')), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.treatment = 'recycled')), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.treatment = 'composted')), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.treatment = 'energy_recovery')), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.treatment = 'landfilled')), (new.weight_g * (new.role = 'diverted')), (new.weight_g * (new.role = 'received')), (new.weight_g * (new.role = 'recovered')), (new.weight_g * ((new.role = 'diverted' AND new.counts_once) - (new.role = 'credit_moved'))), (new.co2e_g * ((new.role = 'diverted' AND new.counts_once) + (new.role = 'credit_moved'))), (new.co2e_g * (new.role = 'recovered')))
	ON CONFLICT (member_id, date, currency) DO UPDATE SET entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g, revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents, confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g, collected_g = collected_g + excluded.collected_g, reused_g = reused_g + excluded.reused_g, recycled_g = recycled_g + excluded.recycled_g, composted_g = composted_g + excluded.composted_g, energy_recovery_g = energy_recovery_g + excluded.energy_recovery_g, landfilled_g = landfilled_g + excluded.landfilled_g, diverted_g = diverted_g + excluded.diverted_g, received_g = received_g + excluded.received_g, recovered_g = recovered_g + excluded.recovered_g, pending_g = pending_g + excluded.pending_g, pending_co2e_g = pending_co2e_g + excluded.pending_co2e_g, recovered_co2e_g = recovered_co2e_g + excluded.recovered_co2e_g;
	INSERT INTO `impact_platform_days` (date, treatment, entries, weight_g, co2e_g, handovers)
	VALUES (new.date, new.treatment, 1, (new.weight_g * new.counts_once * (CASE new.role WHEN 'credit_moved' THEN -1 ELSE 1 END)), (new.co2e_g * new.counts_once), (new.role = 'diverted'))
	ON CONFLICT (date, treatment) DO UPDATE SET entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g, handovers = handovers + excluded.handovers;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_days_after_delete` AFTER DELETE ON `impact_entries` BEGIN
	INSERT INTO `impact_days` (member_id, date, material, treatment, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, once_weight_g, once_co2e_g, handovers)
	VALUES (old.member_id, old.date, old.material, old.treatment, coalesce(old.currency, ''), -1, -(old.weight_g * (old.role IN ('own', 'diverted', 'received'))), -old.co2e_g, -max(coalesce(old.revenue_cents, 0), 0), -max(-coalesce(old.revenue_cents, 0), 0), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.source = 'order')), -(old.co2e_g * (old.source = 'order')), -(old.weight_g * old.counts_once * (CASE old.role WHEN 'credit_moved' THEN -1 ELSE 1 END)), -(old.co2e_g * old.counts_once), -(old.role = 'diverted'))
	ON CONFLICT (member_id, date, material, treatment, currency) DO UPDATE SET entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g, revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents, confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g, once_weight_g = once_weight_g + excluded.once_weight_g, once_co2e_g = once_co2e_g + excluded.once_co2e_g, handovers = handovers + excluded.handovers;
	DELETE FROM `impact_days` WHERE member_id = old.member_id AND date = old.date AND entries = 0;
	INSERT INTO `impact_member_days` (member_id, date, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, collected_g, reused_g, recycled_g, composted_g, energy_recovery_g, landfilled_g, diverted_g, received_g, recovered_g, pending_g, pending_co2e_g, recovered_co2e_g)
	VALUES (old.member_id, old.date, coalesce(old.currency, ''), -1, -(old.weight_g * (old.role IN ('own', 'diverted', 'received'))), -old.co2e_g, -max(coalesce(old.revenue_cents, 0), 0), -max(-coalesce(old.revenue_cents, 0), 0), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.source = 'order')), -(old.co2e_g * (old.source = 'order')), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.treatment = 'collected')), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.treatment = 'reused')), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.treatment = 'recycled')), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.treatment = 'composted')), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.treatment = 'energy_recovery')), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.treatment = 'landfilled')), -(old.weight_g * (old.role = 'diverted')), -(old.weight_g * (old.role = 'received')), -(old.weight_g * (old.role = 'recovered')), -(old.weight_g * ((old.role = 'diverted' AND old.counts_once) - (old.role = 'credit_moved'))), -(old.co2e_g * ((old.role = 'diverted' AND old.counts_once) + (old.role = 'credit_moved'))), -(old.co2e_g * (old.role = 'recovered')))
	ON CONFLICT (member_id, date, currency) DO UPDATE SET entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g, revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents, confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g, collected_g = collected_g + excluded.collected_g, reused_g = reused_g + excluded.reused_g, recycled_g = recycled_g + excluded.recycled_g, composted_g = composted_g + excluded.composted_g, energy_recovery_g = energy_recovery_g + excluded.energy_recovery_g, landfilled_g = landfilled_g + excluded.landfilled_g, diverted_g = diverted_g + excluded.diverted_g, received_g = received_g + excluded.received_g, recovered_g = recovered_g + excluded.recovered_g, pending_g = pending_g + excluded.pending_g, pending_co2e_g = pending_co2e_g + excluded.pending_co2e_g, recovered_co2e_g = recovered_co2e_g + excluded.recovered_co2e_g;
	DELETE FROM `impact_member_days` WHERE member_id = old.member_id AND date = old.date AND entries = 0;
	INSERT INTO `impact_platform_days` (date, treatment, entries, weight_g, co2e_g, handovers)
	VALUES (old.date, old.treatment, -1, -(old.weight_g * old.counts_once * (CASE old.role WHEN 'credit_moved' THEN -1 ELSE 1 END)), -(old.co2e_g * old.counts_once), -(old.role = 'diverted'))
	ON CONFLICT (date, treatment) DO UPDATE SET entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g, handovers = handovers + excluded.handovers;
	DELETE FROM `impact_platform_days` WHERE date = old.date AND treatment = old.treatment AND entries = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `impact_days_after_update` AFTER UPDATE ON `impact_entries` BEGIN
	INSERT INTO `impact_days` (member_id, date, material, treatment, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, once_weight_g, once_co2e_g, handovers)
	VALUES (old.member_id, old.date, old.material, old.treatment, coalesce(old.currency, ''), -1, -(old.weight_g * (old.role IN ('own', 'diverted', 'received'))), -old.co2e_g, -max(coalesce(old.revenue_cents, 0), 0), -max(-coalesce(old.revenue_cents, 0), 0), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.source = 'order')), -(old.co2e_g * (old.source = 'order')), -(old.weight_g * old.counts_once * (CASE old.role WHEN 'credit_moved' THEN -1 ELSE 1 END)), -(old.co2e_g * old.counts_once), -(old.role = 'diverted'))
	ON CONFLICT (member_id, date, material, treatment, currency) DO UPDATE SET entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g, revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents, confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g, once_weight_g = once_weight_g + excluded.once_weight_g, once_co2e_g = once_co2e_g + excluded.once_co2e_g, handovers = handovers + excluded.handovers;
	INSERT INTO `impact_days` (member_id, date, material, treatment, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, once_weight_g, once_co2e_g, handovers)
	VALUES (new.member_id, new.date, new.material, new.treatment, coalesce(new.currency, ''), 1, (new.weight_g * (new.role IN ('own', 'diverted', 'received'))), new.co2e_g, max(coalesce(new.revenue_cents, 0), 0), max(-coalesce(new.revenue_cents, 0), 0), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.source = 'order')), (new.co2e_g * (new.source = 'order')), (new.weight_g * new.counts_once * (CASE new.role WHEN 'credit_moved' THEN -1 ELSE 1 END)), (new.co2e_g * new.counts_once), (new.role = 'diverted'))
	ON CONFLICT (member_id, date, material, treatment, currency) DO UPDATE SET entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g, revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents, confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g, once_weight_g = once_weight_g + excluded.once_weight_g, once_co2e_g = once_co2e_g + excluded.once_co2e_g, handovers = handovers + excluded.handovers;
	DELETE FROM `impact_days` WHERE member_id = old.member_id AND date = old.date AND entries = 0;
	INSERT INTO `impact_member_days` (member_id, date, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, collected_g, reused_g, recycled_g, composted_g, energy_recovery_g, landfilled_g, diverted_g, received_g, recovered_g, pending_g, pending_co2e_g, recovered_co2e_g)
	VALUES (old.member_id, old.date, coalesce(old.currency, ''), -1, -(old.weight_g * (old.role IN ('own', 'diverted', 'received'))), -old.co2e_g, -max(coalesce(old.revenue_cents, 0), 0), -max(-coalesce(old.revenue_cents, 0), 0), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.source = 'order')), -(old.co2e_g * (old.source = 'order')), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.treatment = 'collected')), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.treatment = 'reused')), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.treatment = 'recycled')), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.treatment = 'composted')), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.treatment = 'energy_recovery')), -((old.weight_g * (old.role IN ('own', 'diverted', 'received'))) * (old.treatment = 'landfilled')), -(old.weight_g * (old.role = 'diverted')), -(old.weight_g * (old.role = 'received')), -(old.weight_g * (old.role = 'recovered')), -(old.weight_g * ((old.role = 'diverted' AND old.counts_once) - (old.role = 'credit_moved'))), -(old.co2e_g * ((old.role = 'diverted' AND old.counts_once) + (old.role = 'credit_moved'))), -(old.co2e_g * (old.role = 'recovered')))
	ON CONFLICT (member_id, date, currency) DO UPDATE SET entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g, revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents, confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g, collected_g = collected_g + excluded.collected_g, reused_g = reused_g + excluded.reused_g, recycled_g = recycled_g + excluded.recycled_g, composted_g = composted_g + excluded.composted_g, energy_recovery_g = energy_recovery_g + excluded.energy_recovery_g, landfilled_g = landfilled_g + excluded.landfilled_g, diverted_g = diverted_g + excluded.diverted_g, received_g = received_g + excluded.received_g, recovered_g = recovered_g + excluded.recovered_g, pending_g = pending_g + excluded.pending_g, pending_co2e_g = pending_co2e_g + excluded.pending_co2e_g, recovered_co2e_g = recovered_co2e_g + excluded.recovered_co2e_g;
	INSERT INTO `impact_member_days` (member_id, date, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, collected_g, reused_g, recycled_g, composted_g, energy_recovery_g, landfilled_g, diverted_g, received_g, recovered_g, pending_g, pending_co2e_g, recovered_co2e_g)
	VALUES (new.member_id, new.date, coalesce(new.currency, ''), 1, (new.weight_g * (new.role IN ('own', 'diverted', 'received'))), new.co2e_g, max(coalesce(new.revenue_cents, 0), 0), max(-coalesce(new.revenue_cents, 0), 0), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.source = 'order')), (new.co2e_g * (new.source = 'order')), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.treatment = 'collected')), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.treatment = 'reused')), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.treatment = 'recycled')), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.treatment = 'composted')), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.treatment = 'energy_recovery')), ((new.weight_g * (new.role IN ('own', 'diverted', 'received'))) * (new.treatment = 'landfilled')), (new.weight_g * (new.role = 'diverted')), (new.weight_g * (new.role = 'received')), (new.weight_g * (new.role = 'recovered')), (new.weight_g * ((new.role = 'diverted' AND new.counts_once) - (new.role = 'credit_moved'))), (new.co2e_g * ((new.role = 'diverted' AND new.counts_once) + (new.role = 'credit_moved'))), (new.co2e_g * (new.role = 'recovered')))
	ON CONFLICT (member_id, date, currency) DO UPDATE SET entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g, revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents, confirmed_weight_g = confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = confirmed_co2e_g + excluded.confirmed_co2e_g, collected_g = collected_g + excluded.collected_g, reused_g = reused_g + excluded.reused_g, recycled_g = recycled_g + excluded.recycled_g, composted_g = composted_g + excluded.composted_g, energy_recovery_g = energy_recovery_g + excluded.energy_recovery_g, landfilled_g = landfilled_g + excluded.landfilled_g, diverted_g = diverted_g + excluded.diverted_g, received_g = received_g + excluded.received_g, recovered_g = recovered_g + excluded.recovered_g, pending_g = pending_g + excluded.pending_g, pending_co2e_g = pending_co2e_g + excluded.pending_co2e_g, recovered_co2e_g = recovered_co2e_g + excluded.recovered_co2e_g;
	DELETE FROM `impact_member_days` WHERE member_id = old.member_id AND date = old.date AND entries = 0;
	INSERT INTO `impact_platform_days` (date, treatment, entries, weight_g, co2e_g, handovers)
	VALUES (old.date, old.treatment, -1, -(old.weight_g * old.counts_once * (CASE old.role WHEN 'credit_moved' THEN -1 ELSE 1 END)), -(old.co2e_g * old.counts_once), -(old.role = 'diverted'))
	ON CONFLICT (date, treatment) DO UPDATE SET entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g, handovers = handovers + excluded.handovers;
	INSERT INTO `impact_platform_days` (date, treatment, entries, weight_g, co2e_g, handovers)
	VALUES (new.date, new.treatment, 1, (new.weight_g * new.counts_once * (CASE new.role WHEN 'credit_moved' THEN -1 ELSE 1 END)), (new.co2e_g * new.counts_once), (new.role = 'diverted'))
	ON CONFLICT (date, treatment) DO UPDATE SET entries = entries + excluded.entries, weight_g = weight_g + excluded.weight_g, co2e_g = co2e_g + excluded.co2e_g, handovers = handovers + excluded.handovers;
	DELETE FROM `impact_platform_days` WHERE date = old.date AND treatment = old.treatment AND entries = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `activity_days_after_impact_entries` AFTER INSERT ON `impact_entries` WHEN new.source IN ('recorded', 'event') BEGIN
	INSERT OR IGNORE INTO `activity_days` (day, user_id) VALUES (date(new.created_at / 1000, 'unixepoch'), new.member_id);
END;

