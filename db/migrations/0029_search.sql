-- The spelling index of the typo-tolerant search (docs/decisions/048-typo-tolerant-search.md):
-- the distinct words of 4 letters and more (up to 40) of posts' and listings' text, by source,
-- kept by triggers as rows are written. A word is split at spaces and common punctuation and
-- lowercased (ASCII); it only suggests a correction, which the full-text index then matches
-- through its own tokenizer, so it need not be tokenized exactly as the index does. Words are
-- never removed: a word whose rows are gone suggests a correction that matches nothing.
-- A plain table rather than fts5vocab over the indexes: reading a range of fts5vocab's terms
-- reads every matching term's whole document list (a common word in 100,000 listings costs
-- tens of milliseconds), while this is a range of a primary key.
CREATE TABLE `search_words` (
	`source` text NOT NULL,
	`word` text NOT NULL,
	PRIMARY KEY(`source`, `word`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `posts_words_after_insert` AFTER INSERT ON `posts` BEGIN
	INSERT OR IGNORE INTO `search_words`(source, word)
	SELECT 'posts', word FROM (
		WITH RECURSIVE split(word, rest) AS (
			SELECT '', lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.title || ' ' || new.content || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.tags)), ''), char(10), ' '), char(13), ' '), char(9), ' '), '.', ' '), ',', ' '), ';', ' '), ':', ' '), '!', ' '), '?', ' '), '(', ' '), ')', ' '), '"', ' '), '''', ' '), '/', ' '), '-', ' '), '[', ' '), ']', ' '), '*', ' '), '#', ' '), '&', ' '), '+', ' '), '=', ' '), '_', ' '), '<', ' '), '>', ' '), '|', ' ')) || ' '
			UNION ALL
			SELECT substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1) FROM split WHERE rest <> ''
		)
		SELECT word FROM split
	) WHERE length(word) BETWEEN 4 AND 40;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_words_after_update` AFTER UPDATE OF title, content, tags ON `posts` BEGIN
	INSERT OR IGNORE INTO `search_words`(source, word)
	SELECT 'posts', word FROM (
		WITH RECURSIVE split(word, rest) AS (
			SELECT '', lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.title || ' ' || new.content || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_each(new.tags)), ''), char(10), ' '), char(13), ' '), char(9), ' '), '.', ' '), ',', ' '), ';', ' '), ':', ' '), '!', ' '), '?', ' '), '(', ' '), ')', ' '), '"', ' '), '''', ' '), '/', ' '), '-', ' '), '[', ' '), ']', ' '), '*', ' '), '#', ' '), '&', ' '), '+', ' '), '=', ' '), '_', ' '), '<', ' '), '>', ' '), '|', ' ')) || ' '
			UNION ALL
			SELECT substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1) FROM split WHERE rest <> ''
		)
		SELECT word FROM split
	) WHERE length(word) BETWEEN 4 AND 40;
END;
--> statement-breakpoint
CREATE TRIGGER `listings_words_after_insert` AFTER INSERT ON `listings` BEGIN
	INSERT OR IGNORE INTO `search_words`(source, word)
	SELECT 'listings', word FROM (
		WITH RECURSIVE split(word, rest) AS (
			SELECT '', lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.title || ' ' || new.description, char(10), ' '), char(13), ' '), char(9), ' '), '.', ' '), ',', ' '), ';', ' '), ':', ' '), '!', ' '), '?', ' '), '(', ' '), ')', ' '), '"', ' '), '''', ' '), '/', ' '), '-', ' '), '[', ' '), ']', ' '), '*', ' '), '#', ' '), '&', ' '), '+', ' '), '=', ' '), '_', ' '), '<', ' '), '>', ' '), '|', ' ')) || ' '
			UNION ALL
			SELECT substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1) FROM split WHERE rest <> ''
		)
		SELECT word FROM split
	) WHERE length(word) BETWEEN 4 AND 40;
END;
--> statement-breakpoint
CREATE TRIGGER `listings_words_after_update` AFTER UPDATE OF title, description ON `listings` BEGIN
	INSERT OR IGNORE INTO `search_words`(source, word)
	SELECT 'listings', word FROM (
		WITH RECURSIVE split(word, rest) AS (
			SELECT '', lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.title || ' ' || new.description, char(10), ' '), char(13), ' '), char(9), ' '), '.', ' '), ',', ' '), ';', ' '), ':', ' '), '!', ' '), '?', ' '), '(', ' '), ')', ' '), '"', ' '), '''', ' '), '/', ' '), '-', ' '), '[', ' '), ']', ' '), '*', ' '), '#', ' '), '&', ' '), '+', ' '), '=', ' '), '_', ' '), '<', ' '), '>', ' '), '|', ' ')) || ' '
			UNION ALL
			SELECT substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1) FROM split WHERE rest <> ''
		)
		SELECT word FROM split
	) WHERE length(word) BETWEEN 4 AND 40;
END;
--> statement-breakpoint
-- The words already written: read once from the full-text indexes' own vocabularies.
CREATE VIRTUAL TABLE temp.`posts_fts_terms` USING fts5vocab(main, `posts_fts`, 'row');
--> statement-breakpoint
CREATE VIRTUAL TABLE temp.`listings_fts_terms` USING fts5vocab(main, `listings_fts`, 'row');
--> statement-breakpoint
INSERT OR IGNORE INTO `search_words`(source, word) SELECT 'posts', term FROM temp.`posts_fts_terms` WHERE length(term) BETWEEN 4 AND 40;
--> statement-breakpoint
INSERT OR IGNORE INTO `search_words`(source, word) SELECT 'listings', term FROM temp.`listings_fts_terms` WHERE length(term) BETWEEN 4 AND 40;
--> statement-breakpoint
DROP TABLE temp.`posts_fts_terms`;
--> statement-breakpoint
DROP TABLE temp.`listings_fts_terms`;
