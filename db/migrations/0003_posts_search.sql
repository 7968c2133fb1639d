-- Full-text search over posts' title, content and tags (drizzle-kit cannot describe virtual
-- tables, so this migration is written by hand). Contentless with contentless_delete: the text
-- lives only in `posts`, the index holds just the terms, and rows can still be deleted by id.
-- Tags are indexed as space-separated words, not as their JSON text.
CREATE VIRTUAL TABLE `posts_fts` USING fts5(
	title, content, tags,
	content='', contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_insert` AFTER INSERT ON `posts` BEGIN
	INSERT INTO `posts_fts`(rowid, title, content, tags)
	VALUES (new.id, new.title, new.content, (SELECT group_concat(value, ' ') FROM json_each(new.tags)));
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_delete` AFTER DELETE ON `posts` BEGIN
	DELETE FROM `posts_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
-- Only text changes touch the index: counter updates (likes, views) do not fire this.
CREATE TRIGGER `posts_fts_after_update` AFTER UPDATE OF title, content, tags ON `posts` BEGIN
	DELETE FROM `posts_fts` WHERE rowid = old.id;
	INSERT INTO `posts_fts`(rowid, title, content, tags)
	VALUES (new.id, new.title, new.content, (SELECT group_concat(value, ' ') FROM json_each(new.tags)));
END;
