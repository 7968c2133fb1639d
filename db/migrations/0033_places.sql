-- Where a listing's, a post's and a member's location is on the map (app/services/places). Added
-- columns only: listings and posts are never rebuilt, which would drop their FTS triggers. The
-- marketplace's distance search reads active listings in a bounding box first; Local walks posts
-- newest first and checks each one's distance. The partial "unplaced" indexes hold the rows the
-- start-up pass has yet to place (none once it has run), so that pass costs nothing at a start.
ALTER TABLE `users` ADD COLUMN `lat` real;--> statement-breakpoint
ALTER TABLE `users` ADD COLUMN `lng` real;--> statement-breakpoint
CREATE INDEX `users_unplaced_idx` ON `users` (`id`) WHERE lat IS NULL AND location <> '';--> statement-breakpoint
ALTER TABLE `posts` ADD COLUMN `lat` real;--> statement-breakpoint
ALTER TABLE `posts` ADD COLUMN `lng` real;--> statement-breakpoint
CREATE INDEX `posts_unplaced_idx` ON `posts` (`id`) WHERE lat IS NULL AND location_name <> '';--> statement-breakpoint
ALTER TABLE `listings` ADD COLUMN `lat` real;--> statement-breakpoint
ALTER TABLE `listings` ADD COLUMN `lng` real;--> statement-breakpoint
CREATE INDEX `listings_status_lat_lng_idx` ON `listings` (`status`,`lat`,`lng`);--> statement-breakpoint
CREATE INDEX `listings_unplaced_idx` ON `listings` (`id`) WHERE lat IS NULL AND location <> '';
