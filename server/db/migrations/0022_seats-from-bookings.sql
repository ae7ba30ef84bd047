-- Seats from one source of truth (issue 29 item 3, ADR 0111): a session's booked seats
-- (face_to_face_sessions.current_participants) are the count of its active bookings, the enrolments of the session
-- whose status is pending, in_progress or finished (a waiting-list or cancelled enrolment holds no seat).
-- The database keeps the counter: a trigger on enrolments recounts the sessions a booking enters or leaves, and a
-- trigger on the sessions refuses any other value, so the two cannot drift whoever writes (the API, the seed, a
-- tool). The application never writes the counter.
CREATE OR REPLACE FUNCTION face_to_face_session_booked(session integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer FROM "enrolments"
   WHERE "session_id" = session AND "status" IN ('pending', 'in_progress', 'finished')
$$;--> statement-breakpoint
-- The data fix: phantom bookings (a counter above the bookings, from the demo data) leave, and a session that holds
-- more bookings than seats gets the seats its learners hold.
UPDATE "face_to_face_sessions"
   SET "max_participants" = greatest("max_participants", face_to_face_session_booked("id")),
       "current_participants" = face_to_face_session_booked("id")
 WHERE "current_participants" <> face_to_face_session_booked("id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION enrolments_recount_seats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A change that neither moves the booking nor makes it (in)active leaves the seats as they are.
  IF TG_OP = 'UPDATE' AND OLD."session_id" IS NOT DISTINCT FROM NEW."session_id"
     AND (OLD."status" IN ('pending', 'in_progress', 'finished')) = (NEW."status" IN ('pending', 'in_progress', 'finished')) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."session_id" IS NOT NULL THEN
    UPDATE "face_to_face_sessions" SET "current_participants" = face_to_face_session_booked("id") WHERE "id" = OLD."session_id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."session_id" IS NOT NULL AND (TG_OP = 'INSERT' OR NEW."session_id" IS DISTINCT FROM OLD."session_id") THEN
    UPDATE "face_to_face_sessions" SET "current_participants" = face_to_face_session_booked("id") WHERE "id" = NEW."session_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "enrolments_recount_seats" AFTER INSERT OR DELETE OR UPDATE OF "status", "session_id" ON "enrolments"
  FOR EACH ROW EXECUTE FUNCTION enrolments_recount_seats();--> statement-breakpoint
CREATE OR REPLACE FUNCTION face_to_face_sessions_seats_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  booked integer := face_to_face_session_booked(NEW."id");
BEGIN
  IF NEW."current_participants" IS DISTINCT FROM booked THEN
    RAISE EXCEPTION 'session %: current_participants % is not its % active bookings', NEW."id", NEW."current_participants", booked
      USING ERRCODE = 'check_violation', CONSTRAINT = 'face_to_face_sessions_booked_check';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "face_to_face_sessions_seats_guard" BEFORE INSERT OR UPDATE OF "current_participants" ON "face_to_face_sessions"
  FOR EACH ROW EXECUTE FUNCTION face_to_face_sessions_seats_guard();
