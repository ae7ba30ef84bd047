-- A version number of everything the catalogue lists and searches, bumped by a statement-level trigger on each
-- write to those tables. The catalogue API caches its answers per version (server/back/modules/catalogue),
-- so a cached page is exact: any change makes the next request read the database again.
CREATE TABLE IF NOT EXISTS "catalogue_state" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO "catalogue_state" ("id", "version") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_state" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['trainings', 'training_tags', 'training_fundings', 'fundings', 'courses',
                                 'dpc_programmes', 'training_people', 'people']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', watched || '_catalogue_touch', watched);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalogue_touch()',
      watched || '_catalogue_touch', watched);
  END LOOP;
END
$$;
