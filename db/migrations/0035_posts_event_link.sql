-- A post shared from an event names it. Written by hand as one ADD COLUMN: rebuilding `posts`
-- (what drizzle-kit does for some changes) would drop its full-text search triggers.
ALTER TABLE `posts` ADD `event_id` integer REFERENCES events(id) ON DELETE SET NULL;
