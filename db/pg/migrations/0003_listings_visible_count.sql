-- The twin of db/migrations/0037_listings_visible_count.sql: the listings no moderator hid, by
-- status and sample, so a search's total is counted from the index.
CREATE INDEX "listings_visible_status_sample_idx" ON "listings" ("status", "is_sample") WHERE hidden_at IS NULL;
