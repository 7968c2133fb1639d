-- The spelling index of the typo-tolerant search (docs/decisions/048-typo-tolerant-search.md):
-- the distinct words of posts_fts and listings_fts, read straight from their indexes, so the
-- triggers that keep those indexes keep these too and nothing is stored twice.
CREATE VIRTUAL TABLE `posts_fts_words` USING fts5vocab(`posts_fts`, 'row');
--> statement-breakpoint
CREATE VIRTUAL TABLE `listings_fts_words` USING fts5vocab(`listings_fts`, 'row');
