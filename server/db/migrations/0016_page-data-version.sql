-- The data version of logged-in pages (ADR 0091): one number that every committed write to a table the pages read
-- moves on. The session page cache keeps a rendered page under the version it read before rendering, and serves it
-- again only while the version is unchanged, so a page is never older than the last commit, whichever process or
-- tool wrote it.
-- The triggers are constraint triggers deferred to commit time: the version row is locked only while a transaction
-- commits (an immediate trigger would hold it from the first write to the end, and two writers could deadlock on it),
-- and a reader sees the new version only once the write it stands for is visible. One bump per transaction.
CREATE TABLE IF NOT EXISTS "page_data_state" (
  "id" integer PRIMARY KEY CHECK ("id" = 1),
  "version" bigint NOT NULL DEFAULT 0,
  "last_tx" bigint
);--> statement-breakpoint
INSERT INTO "page_data_state" ("id", "version") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION page_data_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "page_data_state" SET "version" = "version" + 1, "last_tx" = txid_current()
   WHERE "id" = 1 AND "last_tx" IS DISTINCT FROM txid_current();
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Watches every table of the public schema but these: the version itself, the catalogue's own version (its tables are
-- watched) and the login rate limits (no page shows them). Run after every migration (server/db/client.ts), so a table
-- a later migration adds is watched without anyone having to remember it.
CREATE OR REPLACE FUNCTION watch_page_data() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  watched text;
BEGIN
  -- Two processes migrating at once: the second waits, then finds the triggers made.
  PERFORM pg_advisory_xact_lock(hashtext('watch_page_data'));
  FOR watched IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
       AND c.relname NOT IN ('page_data_state', 'catalogue_state', 'rate_limits')
       AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = c.relname || '_page_data_touch')
  LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION page_data_touch()',
      watched || '_page_data_touch', watched);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION page_data_touch()',
      watched || '_page_data_truncate', watched);
  END LOOP;
END
$$;--> statement-breakpoint
SELECT watch_page_data();
