-- Catalogue listing and search (server/back/modules/catalogue). Hand-written: drizzle-kit does not model
-- text search configurations, collations or expression indexes. Applies on PGlite and PostgreSQL.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Accent- and case-insensitive full-text search: the language's stemmer after unaccent.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'catalogue_search_fr') THEN
    CREATE TEXT SEARCH CONFIGURATION public.catalogue_search_fr (COPY = pg_catalog.french);
    ALTER TEXT SEARCH CONFIGURATION public.catalogue_search_fr
      ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.french_stem;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'catalogue_search_es') THEN
    CREATE TEXT SEARCH CONFIGURATION public.catalogue_search_es (COPY = pg_catalog.spanish);
    ALTER TEXT SEARCH CONFIGURATION public.catalogue_search_es
      ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.spanish_stem;
  END IF;
END
$$;--> statement-breakpoint
-- Alphabetical order of each content language (ICU: É sorts with E; ñ after n in Spanish).
CREATE COLLATION IF NOT EXISTS public.catalogue_sort_fr (provider = icu, locale = 'fr');--> statement-breakpoint
CREATE COLLATION IF NOT EXISTS public.catalogue_sort_es (provider = icu, locale = 'es');--> statement-breakpoint
-- Listing: the visible trainings of a brand in each sort order, so a page is an index range scan.
CREATE INDEX IF NOT EXISTS "trainings_catalogue_newest_idx" ON "trainings" ("brand", "lang", "created_at" DESC, "id" DESC)
  WHERE "is_published" AND NOT "is_test" AND NOT "obsolete";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trainings_catalogue_rating_idx" ON "trainings" ("brand", "lang", "rating_average" DESC NULLS LAST, "rating_count" DESC, "id")
  WHERE "is_published" AND NOT "is_test" AND NOT "obsolete";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trainings_catalogue_name_fr_idx" ON "trainings" ("brand", ("name" COLLATE public.catalogue_sort_fr), "id")
  WHERE "lang" = 'fr' AND "is_published" AND NOT "is_test" AND NOT "obsolete";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trainings_catalogue_name_es_idx" ON "trainings" ("brand", ("name" COLLATE public.catalogue_sort_es), "id")
  WHERE "lang" = 'es' AND "is_published" AND NOT "is_test" AND NOT "obsolete";--> statement-breakpoint
-- Search: name, short name and description (HTML tags are not indexed by the parser); tags apart.
CREATE INDEX IF NOT EXISTS "trainings_search_fr_idx" ON "trainings"
  USING gin (to_tsvector('public.catalogue_search_fr'::regconfig, "name" || ' ' || coalesce("short_name", '') || ' ' || "description"))
  WHERE "lang" = 'fr';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trainings_search_es_idx" ON "trainings"
  USING gin (to_tsvector('public.catalogue_search_es'::regconfig, "name" || ' ' || coalesce("short_name", '') || ' ' || "description"))
  WHERE "lang" = 'es';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "training_tags_search_fr_idx" ON "training_tags"
  USING gin (to_tsvector('public.catalogue_search_fr'::regconfig, "tag"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "training_tags_search_es_idx" ON "training_tags"
  USING gin (to_tsvector('public.catalogue_search_es'::regconfig, "tag"));
