-- Decision 057: a search is a LIKE on a stored, folded column, served by a trigram index of the
-- user's rows. Both extensions ship with PostgreSQL (contrib) and are trusted.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- A text as a search folds it (contract foldSearchText): every run of JavaScript's white space one
-- space, lower case. The lower case of every letter, as the browser's toLowerCase gives it, needs
-- a Unicode collation: PostgreSQL 18's pg_unicode_fast (full case mapping), 17's pg_c_utf8, or
-- ICU's; the database's own (its locale, ASCII alone under C) only where none exists.
DO $migration$
DECLARE
  unicode_collation text := coalesce(
    (SELECT collname FROM pg_collation
      WHERE collname IN ('pg_unicode_fast', 'pg_c_utf8', 'und-x-icu')
      ORDER BY array_position(ARRAY['pg_unicode_fast', 'pg_c_utf8', 'und-x-icu'], collname::text)
      LIMIT 1),
    'default');
BEGIN
  EXECUTE format(
    $function$CREATE FUNCTION search_fold(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN lower(regexp_replace($1, %L, ' ', 'g') COLLATE %I)$function$,
    '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+',
    unicode_collation);
END
$migration$;--> statement-breakpoint
-- Decision 033's fields of a record itself (the vehicle's name is on vehicles.search_name), the
-- title as the card shows it ('Untitled' when blank), each folded, one per line: a folded search
-- holds no line break, so it never matches across two fields.
CREATE FUNCTION record_search_text(
  title text, description text, category text, location text, technician text, notes text
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN search_fold(CASE WHEN title ~ '[^\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]' THEN title ELSE 'Untitled' END)
  || E'\n' || search_fold(coalesce(description, ''))
  || E'\n' || search_fold(category)
  || E'\n' || search_fold(coalesce(location, ''))
  || E'\n' || search_fold(coalesce(technician, ''))
  || E'\n' || search_fold(coalesce(notes, ''));--> statement-breakpoint
ALTER TABLE "maintenance" ADD COLUMN "search_text" text GENERATED ALWAYS AS (record_search_text(title, description, category, location, technician, notes)) STORED;--> statement-breakpoint
ALTER TABLE "modifications" ADD COLUMN "search_text" text GENERATED ALWAYS AS (record_search_text(title, description, category, location, technician, notes)) STORED;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (record_search_text(title, description, category, location, technician, notes)) STORED;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_fold(year::text || ' ' || make || ' ' || model)) STORED;--> statement-breakpoint
CREATE INDEX "maintenance_user_search_idx" ON "maintenance" USING gin ("user_id", "search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "modifications_user_search_idx" ON "modifications" USING gin ("user_id", "search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "repairs_user_search_idx" ON "repairs" USING gin ("user_id", "search_text" gin_trgm_ops);