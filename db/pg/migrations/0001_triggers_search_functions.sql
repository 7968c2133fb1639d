-- Hand-written: what the SQLite schema holds beyond its tables (triggers, full-text search) and the
-- SQLite functions the stores' statements call, so the same statements read and write the same
-- values on PostgreSQL. Each block names the SQLite object it stands for.

-- Full-text search folds diacritics like FTS5's remove_diacritics (trusted extension from PostgreSQL 13).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint

-- SQLite's functions, with SQLite's answers (see docs/decisions/055-postgresql-engine.md for those left to the statements).
CREATE FUNCTION ifnull(value anycompatible, fallback anycompatible) RETURNS anycompatible
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(value, fallback) $$;
--> statement-breakpoint
CREATE FUNCTION iif(condition boolean, if_true anycompatible, if_false anycompatible) RETURNS anycompatible
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN condition THEN if_true ELSE if_false END $$;
--> statement-breakpoint
-- SQLite reads a number as a condition: true unless zero.
CREATE FUNCTION iif(condition bigint, if_true anycompatible, if_false anycompatible) RETURNS anycompatible
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN condition <> 0 THEN if_true ELSE if_false END $$;
--> statement-breakpoint
-- The scalar max(a, b) and min(a, b): null when either is null, as in SQLite (greatest/least skip nulls).
CREATE FUNCTION max(a anycompatible, b anycompatible) RETURNS anycompatible
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN a IS NULL OR b IS NULL THEN NULL WHEN a >= b THEN a ELSE b END $$;
--> statement-breakpoint
CREATE FUNCTION min(a anycompatible, b anycompatible) RETURNS anycompatible
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT CASE WHEN a IS NULL OR b IS NULL THEN NULL WHEN a <= b THEN a ELSE b END $$;
--> statement-breakpoint
CREATE FUNCTION instr(haystack text, needle text) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT strpos(haystack, needle) $$;
--> statement-breakpoint
-- SQLite's round(x, n) on a double rounds half away from zero and answers a double.
CREATE FUNCTION round(value double precision, digits integer) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT round(value::numeric, digits)::double precision $$;
--> statement-breakpoint
-- total(): the sum as a double, 0.0 over no rows or only nulls.
CREATE AGGREGATE total(double precision) (SFUNC = float8pl, STYPE = double precision, INITCOND = '0');
--> statement-breakpoint
-- json_extract on a '$.key.key' or '$.key[0]' path: strings unquoted, objects and arrays as JSON text.
-- Numbers come back as text (SQLite: integer or real) and booleans as 'true'/'false' (SQLite: 1/0).
CREATE FUNCTION json_extract(document text, path text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT document::jsonb #>> coalesce(
    string_to_array(nullif(regexp_replace(regexp_replace(path, '\[(\d+)\]', '.\1', 'g'), '^\$\.?', ''), ''), '.'),
    '{}')
$$;
--> statement-breakpoint
-- A time value as SQLite's date and time functions read it: 'now' (the statement's time), or an ISO
-- date or date and time, UTC unless it carries an offset; null for anything else, as SQLite answers.
CREATE FUNCTION sqlite_time(time_value text) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF time_value = 'now' THEN
    RETURN statement_timestamp();
  END IF;
  IF time_value !~ '^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?([zZ]|[+-]\d{2}:\d{2})?$' THEN
    RETURN NULL;
  END IF;
  IF time_value ~ '([zZ]|[+-]\d{2}:\d{2})$' THEN
    RETURN time_value::timestamptz;
  END IF;
  RETURN time_value::timestamp AT TIME ZONE 'UTC';
EXCEPTION WHEN datetime_field_overflow OR invalid_datetime_format THEN
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION unixepoch() RETURNS bigint
  LANGUAGE sql STABLE AS $$ SELECT floor(extract(epoch FROM statement_timestamp()))::bigint $$;
--> statement-breakpoint
-- unixepoch('subsec') is now with milliseconds; any other value is whole seconds (SQLite answers an
-- integer there: the double PostgreSQL answers holds the same whole number).
CREATE FUNCTION unixepoch(time_value text) RETURNS double precision LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN time_value = 'subsec'
    THEN floor(extract(epoch FROM statement_timestamp()) * 1000) / 1000
    ELSE floor(extract(epoch FROM sqlite_time(time_value)))
  END
$$;
--> statement-breakpoint
CREATE FUNCTION julianday(time_value text) RETURNS double precision LANGUAGE sql STABLE AS $$
  SELECT extract(epoch FROM sqlite_time(time_value))::double precision / 86400 + 2440587.5
$$;
--> statement-breakpoint
-- date(seconds, 'unixepoch'): the UTC day of a Unix time as YYYY-MM-DD. Other modifiers are refused
-- rather than answered differently from SQLite.
CREATE FUNCTION date(seconds double precision, modifier text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF modifier <> 'unixepoch' THEN
    RAISE EXCEPTION 'date(): only the unixepoch modifier is supported, not %', modifier;
  END IF;
  RETURN to_char(to_timestamp(seconds) AT TIME ZONE 'UTC', 'YYYY-MM-DD');
END $$;
--> statement-breakpoint
CREATE FUNCTION date(seconds bigint, modifier text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT date(seconds::double precision, modifier) $$;
--> statement-breakpoint

-- Integer primary keys: Drizzle's SQLite insert sends an explicit NULL for an id it is not given,
-- which SQLite fills from the rowid. This fills it from the identity's sequence, and moves the
-- sequence past an id given explicitly (as AUTOINCREMENT does), so a later NULL never collides.
CREATE FUNCTION fill_identity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key_column text := TG_ARGV[0];
  key_sequence text := pg_get_serial_sequence(format('%I.%I', TG_TABLE_SCHEMA, TG_TABLE_NAME), key_column);
  given bigint := (to_jsonb(NEW) ->> key_column)::bigint;
BEGIN
  IF given IS NULL THEN
    NEW := jsonb_populate_record(NEW, jsonb_build_object(key_column, nextval(key_sequence)));
  ELSIF given > coalesce(pg_sequence_last_value(key_sequence::regclass), 0) THEN
    PERFORM setval(key_sequence, given);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- One trigger per identity column of the schema (migration 0000): <table>_fill_id.
DO $$
DECLARE
  identity record;
BEGIN
  FOR identity IN
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name
  LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT ON %I FOR EACH ROW EXECUTE FUNCTION fill_identity(%L)',
      identity.table_name || '_fill_id', identity.table_name, identity.column_name);
  END LOOP;
END $$;
--> statement-breakpoint

-- RAISE(ABORT, message): the statement fails with the same message.
CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = TG_ARGV[0], ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse('the audit log is append-only');
--> statement-breakpoint
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse('the audit log is append-only');
--> statement-breakpoint
-- TRUNCATE skips row triggers; SQLite has no way round them.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse('the audit log is append-only');
--> statement-breakpoint
CREATE TRIGGER users_role_insert_check BEFORE INSERT ON users
  FOR EACH ROW WHEN (NEW.user_type NOT IN ('user', 'admin'))
  EXECUTE FUNCTION refuse('user_type must be one of: user, admin');
--> statement-breakpoint
CREATE TRIGGER users_role_update_check BEFORE UPDATE OF user_type ON users
  FOR EACH ROW WHEN (NEW.user_type NOT IN ('user', 'admin'))
  EXECUTE FUNCTION refuse('user_type must be one of: user, admin');
--> statement-breakpoint

-- activity_days_after_*: the member (the column named by the trigger) was active on the UTC day of the row's created_at.
CREATE FUNCTION record_activity_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fields jsonb := to_jsonb(NEW);
BEGIN
  INSERT INTO activity_days (day, user_id)
  VALUES (date((fields ->> 'created_at')::bigint / 1000, 'unixepoch'), (fields ->> TG_ARGV[0])::bigint)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_days_after_follows AFTER INSERT ON follows
  FOR EACH ROW EXECUTE FUNCTION record_activity_day('follower_id');
--> statement-breakpoint
CREATE TRIGGER activity_days_after_impact_entries AFTER INSERT ON impact_entries
  FOR EACH ROW WHEN (NEW.source IN ('recorded', 'event')) EXECUTE FUNCTION record_activity_day('member_id');
--> statement-breakpoint
CREATE TRIGGER activity_days_after_listings AFTER INSERT ON listings
  FOR EACH ROW EXECUTE FUNCTION record_activity_day('seller_id');
--> statement-breakpoint
CREATE TRIGGER activity_days_after_order_messages AFTER INSERT ON order_messages
  FOR EACH ROW EXECUTE FUNCTION record_activity_day('author_id');
--> statement-breakpoint
CREATE TRIGGER activity_days_after_post_comments AFTER INSERT ON post_comments
  FOR EACH ROW EXECUTE FUNCTION record_activity_day('author_id');
--> statement-breakpoint
CREATE TRIGGER activity_days_after_posts AFTER INSERT ON posts
  FOR EACH ROW EXECUTE FUNCTION record_activity_day('author_id');
--> statement-breakpoint
CREATE TRIGGER activity_days_after_reviews AFTER INSERT ON reviews
  FOR EACH ROW EXECUTE FUNCTION record_activity_day('author_id');
--> statement-breakpoint
CREATE TRIGGER activity_days_after_sessions AFTER INSERT ON sessions
  FOR EACH ROW EXECUTE FUNCTION record_activity_day('user_id');
--> statement-breakpoint

-- impact_days_after_insert/update/delete: the day sums follow every write of impact_entries. The
-- same statements as SQLite's triggers, a comparison's 0/1 written as ::int and max(a, b) as greatest.
CREATE FUNCTION impact_days_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO impact_days (member_id, date, material, treatment, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, once_weight_g, once_co2e_g, handovers)
    VALUES (old.member_id, old.date, old.material, old.treatment, coalesce(old.currency, ''), -1, -(old.weight_g * ((old.role IN ('own', 'diverted', 'received'))::int)), -old.co2e_g, -greatest(coalesce(old.revenue_cents, 0), 0), -greatest(-coalesce(old.revenue_cents, 0), 0), -((old.weight_g * ((old.role IN ('own', 'diverted', 'received'))::int)) * ((old.source = 'order')::int)), -(old.co2e_g * ((old.source = 'order')::int)), -(old.weight_g * old.counts_once * (CASE old.role WHEN 'credit_moved' THEN -1 ELSE 1 END)), -(old.co2e_g * old.counts_once), -((old.role = 'diverted')::int))
    ON CONFLICT (member_id, date, material, treatment, currency) DO UPDATE SET entries = impact_days.entries + excluded.entries, weight_g = impact_days.weight_g + excluded.weight_g, co2e_g = impact_days.co2e_g + excluded.co2e_g, revenue_cents = impact_days.revenue_cents + excluded.revenue_cents, cost_cents = impact_days.cost_cents + excluded.cost_cents, confirmed_weight_g = impact_days.confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = impact_days.confirmed_co2e_g + excluded.confirmed_co2e_g, once_weight_g = impact_days.once_weight_g + excluded.once_weight_g, once_co2e_g = impact_days.once_co2e_g + excluded.once_co2e_g, handovers = impact_days.handovers + excluded.handovers;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO impact_days (member_id, date, material, treatment, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, once_weight_g, once_co2e_g, handovers)
    VALUES (new.member_id, new.date, new.material, new.treatment, coalesce(new.currency, ''), 1, (new.weight_g * ((new.role IN ('own', 'diverted', 'received'))::int)), new.co2e_g, greatest(coalesce(new.revenue_cents, 0), 0), greatest(-coalesce(new.revenue_cents, 0), 0), ((new.weight_g * ((new.role IN ('own', 'diverted', 'received'))::int)) * ((new.source = 'order')::int)), (new.co2e_g * ((new.source = 'order')::int)), (new.weight_g * new.counts_once * (CASE new.role WHEN 'credit_moved' THEN -1 ELSE 1 END)), (new.co2e_g * new.counts_once), ((new.role = 'diverted')::int))
    ON CONFLICT (member_id, date, material, treatment, currency) DO UPDATE SET entries = impact_days.entries + excluded.entries, weight_g = impact_days.weight_g + excluded.weight_g, co2e_g = impact_days.co2e_g + excluded.co2e_g, revenue_cents = impact_days.revenue_cents + excluded.revenue_cents, cost_cents = impact_days.cost_cents + excluded.cost_cents, confirmed_weight_g = impact_days.confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = impact_days.confirmed_co2e_g + excluded.confirmed_co2e_g, once_weight_g = impact_days.once_weight_g + excluded.once_weight_g, once_co2e_g = impact_days.once_co2e_g + excluded.once_co2e_g, handovers = impact_days.handovers + excluded.handovers;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM impact_days WHERE member_id = old.member_id AND date = old.date AND entries = 0;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO impact_member_days (member_id, date, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, collected_g, reused_g, recycled_g, composted_g, energy_recovery_g, landfilled_g, diverted_g, received_g, recovered_g, pending_g, pending_co2e_g, recovered_co2e_g)
    VALUES (old.member_id, old.date, coalesce(old.currency, ''), -1, -(old.weight_g * ((old.role IN ('own', 'diverted', 'received'))::int)), -old.co2e_g, -greatest(coalesce(old.revenue_cents, 0), 0), -greatest(-coalesce(old.revenue_cents, 0), 0), -((old.weight_g * ((old.role IN ('own', 'diverted', 'received'))::int)) * ((old.source = 'order')::int)), -(old.co2e_g * ((old.source = 'order')::int)), -((old.weight_g * ((old.role IN ('own', 'diverted', 'received'))::int)) * ((old.treatment = 'collected')::int)), -((old.weight_g * ((old.role IN ('own', 'diverted', 'received'))::int)) * ((old.treatment = 'reused')::int)), -((old.weight_g * ((old.role IN ('own', 'diverted', 'received'))::int)) * ((old.treatment = 'recycled')::int)), -((old.weight_g * ((old.role IN ('own', 'diverted', 'received'))::int)) * ((old.treatment = 'composted')::int)), -((old.weight_g * ((old.role IN ('own', 'diverted', 'received'))::int)) * ((old.treatment = 'energy_recovery')::int)), -((old.weight_g * ((old.role IN ('own', 'diverted', 'received'))::int)) * ((old.treatment = 'landfilled')::int)), -(old.weight_g * ((old.role = 'diverted')::int)), -(old.weight_g * ((old.role = 'received')::int)), -(old.weight_g * ((old.role = 'recovered')::int)), -(old.weight_g * (((old.role = 'diverted' AND old.counts_once <> 0)::int) - ((old.role = 'credit_moved')::int))), -(old.co2e_g * (((old.role = 'diverted' AND old.counts_once <> 0)::int) + ((old.role = 'credit_moved')::int))), -(old.co2e_g * ((old.role = 'recovered')::int)))
    ON CONFLICT (member_id, date, currency) DO UPDATE SET entries = impact_member_days.entries + excluded.entries, weight_g = impact_member_days.weight_g + excluded.weight_g, co2e_g = impact_member_days.co2e_g + excluded.co2e_g, revenue_cents = impact_member_days.revenue_cents + excluded.revenue_cents, cost_cents = impact_member_days.cost_cents + excluded.cost_cents, confirmed_weight_g = impact_member_days.confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = impact_member_days.confirmed_co2e_g + excluded.confirmed_co2e_g, collected_g = impact_member_days.collected_g + excluded.collected_g, reused_g = impact_member_days.reused_g + excluded.reused_g, recycled_g = impact_member_days.recycled_g + excluded.recycled_g, composted_g = impact_member_days.composted_g + excluded.composted_g, energy_recovery_g = impact_member_days.energy_recovery_g + excluded.energy_recovery_g, landfilled_g = impact_member_days.landfilled_g + excluded.landfilled_g, diverted_g = impact_member_days.diverted_g + excluded.diverted_g, received_g = impact_member_days.received_g + excluded.received_g, recovered_g = impact_member_days.recovered_g + excluded.recovered_g, pending_g = impact_member_days.pending_g + excluded.pending_g, pending_co2e_g = impact_member_days.pending_co2e_g + excluded.pending_co2e_g, recovered_co2e_g = impact_member_days.recovered_co2e_g + excluded.recovered_co2e_g;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO impact_member_days (member_id, date, currency, entries, weight_g, co2e_g, revenue_cents, cost_cents, confirmed_weight_g, confirmed_co2e_g, collected_g, reused_g, recycled_g, composted_g, energy_recovery_g, landfilled_g, diverted_g, received_g, recovered_g, pending_g, pending_co2e_g, recovered_co2e_g)
    VALUES (new.member_id, new.date, coalesce(new.currency, ''), 1, (new.weight_g * ((new.role IN ('own', 'diverted', 'received'))::int)), new.co2e_g, greatest(coalesce(new.revenue_cents, 0), 0), greatest(-coalesce(new.revenue_cents, 0), 0), ((new.weight_g * ((new.role IN ('own', 'diverted', 'received'))::int)) * ((new.source = 'order')::int)), (new.co2e_g * ((new.source = 'order')::int)), ((new.weight_g * ((new.role IN ('own', 'diverted', 'received'))::int)) * ((new.treatment = 'collected')::int)), ((new.weight_g * ((new.role IN ('own', 'diverted', 'received'))::int)) * ((new.treatment = 'reused')::int)), ((new.weight_g * ((new.role IN ('own', 'diverted', 'received'))::int)) * ((new.treatment = 'recycled')::int)), ((new.weight_g * ((new.role IN ('own', 'diverted', 'received'))::int)) * ((new.treatment = 'composted')::int)), ((new.weight_g * ((new.role IN ('own', 'diverted', 'received'))::int)) * ((new.treatment = 'energy_recovery')::int)), ((new.weight_g * ((new.role IN ('own', 'diverted', 'received'))::int)) * ((new.treatment = 'landfilled')::int)), (new.weight_g * ((new.role = 'diverted')::int)), (new.weight_g * ((new.role = 'received')::int)), (new.weight_g * ((new.role = 'recovered')::int)), (new.weight_g * (((new.role = 'diverted' AND new.counts_once <> 0)::int) - ((new.role = 'credit_moved')::int))), (new.co2e_g * (((new.role = 'diverted' AND new.counts_once <> 0)::int) + ((new.role = 'credit_moved')::int))), (new.co2e_g * ((new.role = 'recovered')::int)))
    ON CONFLICT (member_id, date, currency) DO UPDATE SET entries = impact_member_days.entries + excluded.entries, weight_g = impact_member_days.weight_g + excluded.weight_g, co2e_g = impact_member_days.co2e_g + excluded.co2e_g, revenue_cents = impact_member_days.revenue_cents + excluded.revenue_cents, cost_cents = impact_member_days.cost_cents + excluded.cost_cents, confirmed_weight_g = impact_member_days.confirmed_weight_g + excluded.confirmed_weight_g, confirmed_co2e_g = impact_member_days.confirmed_co2e_g + excluded.confirmed_co2e_g, collected_g = impact_member_days.collected_g + excluded.collected_g, reused_g = impact_member_days.reused_g + excluded.reused_g, recycled_g = impact_member_days.recycled_g + excluded.recycled_g, composted_g = impact_member_days.composted_g + excluded.composted_g, energy_recovery_g = impact_member_days.energy_recovery_g + excluded.energy_recovery_g, landfilled_g = impact_member_days.landfilled_g + excluded.landfilled_g, diverted_g = impact_member_days.diverted_g + excluded.diverted_g, received_g = impact_member_days.received_g + excluded.received_g, recovered_g = impact_member_days.recovered_g + excluded.recovered_g, pending_g = impact_member_days.pending_g + excluded.pending_g, pending_co2e_g = impact_member_days.pending_co2e_g + excluded.pending_co2e_g, recovered_co2e_g = impact_member_days.recovered_co2e_g + excluded.recovered_co2e_g;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM impact_member_days WHERE member_id = old.member_id AND date = old.date AND entries = 0;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO impact_platform_days (date, treatment, entries, weight_g, co2e_g, handovers)
    VALUES (old.date, old.treatment, -1, -(old.weight_g * old.counts_once * (CASE old.role WHEN 'credit_moved' THEN -1 ELSE 1 END)), -(old.co2e_g * old.counts_once), -((old.role = 'diverted')::int))
    ON CONFLICT (date, treatment) DO UPDATE SET entries = impact_platform_days.entries + excluded.entries, weight_g = impact_platform_days.weight_g + excluded.weight_g, co2e_g = impact_platform_days.co2e_g + excluded.co2e_g, handovers = impact_platform_days.handovers + excluded.handovers;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO impact_platform_days (date, treatment, entries, weight_g, co2e_g, handovers)
    VALUES (new.date, new.treatment, 1, (new.weight_g * new.counts_once * (CASE new.role WHEN 'credit_moved' THEN -1 ELSE 1 END)), (new.co2e_g * new.counts_once), ((new.role = 'diverted')::int))
    ON CONFLICT (date, treatment) DO UPDATE SET entries = impact_platform_days.entries + excluded.entries, weight_g = impact_platform_days.weight_g + excluded.weight_g, co2e_g = impact_platform_days.co2e_g + excluded.co2e_g, handovers = impact_platform_days.handovers + excluded.handovers;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM impact_platform_days WHERE date = old.date AND treatment = old.treatment AND entries = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER impact_days_after_insert AFTER INSERT ON impact_entries
  FOR EACH ROW EXECUTE FUNCTION impact_days_follow();
--> statement-breakpoint
CREATE TRIGGER impact_days_after_update AFTER UPDATE ON impact_entries
  FOR EACH ROW EXECUTE FUNCTION impact_days_follow();
--> statement-breakpoint
CREATE TRIGGER impact_days_after_delete AFTER DELETE ON impact_entries
  FOR EACH ROW EXECUTE FUNCTION impact_days_follow();
--> statement-breakpoint

-- posts_words_* and listings_words_*: the words (4 to 40 characters, ASCII lower-cased as SQLite's
-- lower() does) of what is indexed, kept in search_words for the spelling corrections.
CREATE FUNCTION search_words_of(body text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT word FROM regexp_split_to_table(
    translate(
      translate(body, E'\n\r\t.,;:!?()"''/-[]*#&+=_<>|', repeat(' ', 26)),
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
    ' ') AS word
  WHERE char_length(word) BETWEEN 4 AND 40
$$;
--> statement-breakpoint
-- A post's tags (a JSON array) as one text, space-separated, as group_concat over json_each gives them.
CREATE FUNCTION tags_text(tags text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(value, ' ') FROM json_array_elements_text(tags::json)
$$;
--> statement-breakpoint
CREATE FUNCTION record_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'posts' THEN
    INSERT INTO search_words (source, word)
    SELECT 'posts', word FROM search_words_of(NEW.title || ' ' || NEW.content || ' ' || coalesce(tags_text(NEW.tags), '')) AS word
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_words (source, word)
    SELECT 'listings', word FROM search_words_of(NEW.title || ' ' || NEW.description) AS word
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_words_after_insert AFTER INSERT ON posts
  FOR EACH ROW EXECUTE FUNCTION record_search_words();
--> statement-breakpoint
CREATE TRIGGER posts_words_after_update AFTER UPDATE OF title, content, tags ON posts
  FOR EACH ROW EXECUTE FUNCTION record_search_words();
--> statement-breakpoint
CREATE TRIGGER listings_words_after_insert AFTER INSERT ON listings
  FOR EACH ROW EXECUTE FUNCTION record_search_words();
--> statement-breakpoint
CREATE TRIGGER listings_words_after_update AFTER UPDATE OF title, description ON listings
  FOR EACH ROW EXECUTE FUNCTION record_search_words();
--> statement-breakpoint

-- posts_fts and listings_fts (FTS5, unicode61 remove_diacritics 2, no stemming): a tsvector column
-- of the same fields, 'simple' configuration (lower-cased words, no stemming, no stop words) over
-- unaccent. Weights follow the feed's bm25(posts_fts, 10, 1, 5): title A, tags B, content D; a
-- listing's title A, description D. Kept by a BEFORE trigger (the *_fts_after_* triggers' work).
CREATE FUNCTION posts_search_vector(title text, content text, tags text) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple', unaccent(coalesce(title, ''))), 'A')
    || setweight(to_tsvector('simple', unaccent(coalesce(tags_text(tags), ''))), 'B')
    || setweight(to_tsvector('simple', unaccent(coalesce(content, ''))), 'D')
$$;
--> statement-breakpoint
CREATE FUNCTION listings_search_vector(title text, description text) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple', unaccent(coalesce(title, ''))), 'A')
    || setweight(to_tsvector('simple', unaccent(coalesce(description, ''))), 'D')
$$;
--> statement-breakpoint
CREATE FUNCTION fill_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'posts' THEN
    NEW.search_vector := posts_search_vector(NEW.title, NEW.content, NEW.tags);
  ELSE
    NEW.search_vector := listings_search_vector(NEW.title, NEW.description);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
ALTER TABLE posts ADD COLUMN search_vector tsvector;
--> statement-breakpoint
UPDATE posts SET search_vector = posts_search_vector(title, content, tags);
--> statement-breakpoint
CREATE TRIGGER posts_search_vector BEFORE INSERT OR UPDATE OF title, content, tags ON posts
  FOR EACH ROW EXECUTE FUNCTION fill_search_vector();
--> statement-breakpoint
CREATE INDEX posts_search_idx ON posts USING gin (search_vector);
--> statement-breakpoint
ALTER TABLE listings ADD COLUMN search_vector tsvector;
--> statement-breakpoint
UPDATE listings SET search_vector = listings_search_vector(title, description);
--> statement-breakpoint
CREATE TRIGGER listings_search_vector BEFORE INSERT OR UPDATE OF title, description ON listings
  FOR EACH ROW EXECUTE FUNCTION fill_search_vector();
--> statement-breakpoint
CREATE INDEX listings_search_idx ON listings USING gin (search_vector);
--> statement-breakpoint

-- The rowid two statements read (the order of equal likes; the mark of activity_days' last row):
-- an ascending number given to each new row, as SQLite's rowid is.
ALTER TABLE post_interactions ADD COLUMN rowid bigint GENERATED BY DEFAULT AS IDENTITY;
--> statement-breakpoint
ALTER TABLE activity_days ADD COLUMN rowid bigint GENERATED BY DEFAULT AS IDENTITY;
--> statement-breakpoint
CREATE UNIQUE INDEX activity_days_rowid_idx ON activity_days (rowid);
