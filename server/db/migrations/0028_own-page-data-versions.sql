-- Page data versions by scope (ADR 0141). Migration 0016's one version moves on every committed write, whoever makes
-- it, so one learner's bookmark or finished step made every other session's kept page (ADR 0091) a full render
-- again. Writes now say whose data they change:
-- - a write to an own-data table (rows that learner-area pages show to their owner only) moves that owner's version;
-- - any other write moves the shared version;
-- - every write still moves the overall version (page_data_state.version), as before.
-- A learner-area page is kept under (shared version, viewer's own version); pharmacy and back-office pages, which show
-- other people's rows, stay under the overall version (server/back/http/session.repository.ts).
ALTER TABLE "page_data_state" ADD COLUMN IF NOT EXISTS "shared_version" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "page_data_state" ADD COLUMN IF NOT EXISTS "shared_last_tx" bigint;--> statement-breakpoint
-- No foreign key: the row of a user deleted in a transaction is still written by that transaction's deferred triggers.
CREATE TABLE IF NOT EXISTS "user_page_data_state" (
  "user_id" integer PRIMARY KEY,
  "version" bigint NOT NULL DEFAULT 0,
  "last_tx" bigint
);--> statement-breakpoint
-- A shared write: the overall and the shared version, once each per transaction.
CREATE OR REPLACE FUNCTION page_data_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "page_data_state"
     SET "version" = CASE WHEN "last_tx" IS DISTINCT FROM txid_current() THEN "version" + 1 ELSE "version" END,
         "last_tx" = txid_current(),
         "shared_version" = CASE WHEN "shared_last_tx" IS DISTINCT FROM txid_current() THEN "shared_version" + 1 ELSE "shared_version" END,
         "shared_last_tx" = txid_current()
   WHERE "id" = 1 AND ("last_tx" IS DISTINCT FROM txid_current() OR "shared_last_tx" IS DISTINCT FROM txid_current());
  RETURN NULL;
END
$$;--> statement-breakpoint
-- One owner's version, once per transaction; an owner that cannot be named (a guest's cart, a row whose parent is gone)
-- makes the write a shared one.
CREATE OR REPLACE FUNCTION page_data_touch_owner(owner integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF owner IS NULL THEN
    UPDATE "page_data_state"
       SET "shared_version" = "shared_version" + 1, "shared_last_tx" = txid_current()
     WHERE "id" = 1 AND "shared_last_tx" IS DISTINCT FROM txid_current();
    RETURN;
  END IF;
  INSERT INTO "user_page_data_state" AS s ("user_id", "version", "last_tx") VALUES (owner, 1, txid_current())
  ON CONFLICT ("user_id") DO UPDATE SET "version" = s."version" + 1, "last_tx" = txid_current()
   WHERE s."last_tx" IS DISTINCT FROM txid_current();
END
$$;--> statement-breakpoint
-- An own-data write. TG_ARGV[0] names how the row names its owner: 'user_id' (a column of the row), 'enrolment'
-- (the user of enrolment_id) or 'cart' (the user of cart_id).
CREATE OR REPLACE FUNCTION page_data_touch_own() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_owner integer;
  new_owner integer;
BEGIN
  UPDATE "page_data_state" SET "version" = "version" + 1, "last_tx" = txid_current()
   WHERE "id" = 1 AND "last_tx" IS DISTINCT FROM txid_current();
  IF TG_ARGV[0] = 'user_id' THEN
    IF TG_OP <> 'INSERT' THEN old_owner := OLD."user_id"; END IF;
    IF TG_OP <> 'DELETE' THEN new_owner := NEW."user_id"; END IF;
  ELSIF TG_ARGV[0] = 'enrolment' THEN
    IF TG_OP <> 'INSERT' THEN SELECT e."user_id" INTO old_owner FROM "enrolments" e WHERE e."id" = OLD."enrolment_id"; END IF;
    IF TG_OP <> 'DELETE' THEN SELECT e."user_id" INTO new_owner FROM "enrolments" e WHERE e."id" = NEW."enrolment_id"; END IF;
  ELSIF TG_ARGV[0] = 'cart' THEN
    IF TG_OP <> 'INSERT' THEN SELECT c."user_id" INTO old_owner FROM "carts" c WHERE c."id" = OLD."cart_id"; END IF;
    IF TG_OP <> 'DELETE' THEN SELECT c."user_id" INTO new_owner FROM "carts" c WHERE c."id" = NEW."cart_id"; END IF;
  ELSE
    RAISE EXCEPTION 'page_data_touch_own: unknown owner path %', TG_ARGV[0];
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM page_data_touch_owner(old_owner); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR new_owner IS DISTINCT FROM old_owner) THEN PERFORM page_data_touch_owner(new_owner); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The own-data tables: each row belongs to one user, and no learner-area page shows a row to anyone but its owner.
-- A table leaves this list the day a learner-area page shows another user's rows from it (a count, a list). Seats
-- are not counted here: a booking recounts face_to_face_sessions.current_participants (migration 0022), a shared
-- write. A truncate stays a shared write (migration 0016's statement trigger).
DO $$
DECLARE
  watched text[];
BEGIN
  FOREACH watched SLICE 1 IN ARRAY ARRAY[
    ARRAY['sessions', 'user_id'], ARRAY['auth_tokens', 'user_id'], ARRAY['bookmarks', 'user_id'],
    ARRAY['notifications', 'user_id'], ARRAY['user_badges', 'user_id'], ARRAY['enrolments', 'user_id'],
    ARRAY['quiz_trackings', 'user_id'], ARRAY['history_entries', 'user_id'], ARRAY['history_export_jobs', 'user_id'],
    ARRAY['module_progress', 'enrolment'], ARRAY['carts', 'user_id'], ARRAY['cart_products', 'cart']]
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', watched[1] || '_page_data_touch', watched[1]);
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION page_data_touch_own(%L)',
      watched[1] || '_page_data_touch', watched[1], watched[2]);
  END LOOP;
END
$$;--> statement-breakpoint
-- The versions' own tables are never watched (migration 0016's function, with the new table in its list).
CREATE OR REPLACE FUNCTION watch_page_data() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  watched text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('watch_page_data'));
  FOR watched IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
       AND c.relname NOT IN ('page_data_state', 'user_page_data_state', 'catalogue_state', 'rate_limits')
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
$$;
