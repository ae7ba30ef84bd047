-- The course page's detail is cached per catalogue version too (ADR 0090): the tables it reads besides those of
-- migration 0002 bump the version on every write. Sessions bump it on any change but their booking count: the
-- course page reads seats fresh on every request, and a booking must not invalidate the whole catalogue.
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['modules', 'objectives', 'face_to_faces', 'session_dates', 'agreements',
                                 'dpc_programme_agreements', 'reviews', 'associated_trainings']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', watched || '_catalogue_touch', watched);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalogue_touch()',
      watched || '_catalogue_touch', watched);
  END LOOP;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "face_to_face_sessions_catalogue_touch" ON "face_to_face_sessions";--> statement-breakpoint
CREATE TRIGGER "face_to_face_sessions_catalogue_touch"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "face_to_face_id", "name", "city", "marketing_city", "postal_code", "address",
    "start_date", "start_time", "end_time", "max_participants", "multi_dates", "trainer_id", "virtual_class_url"
  ON "face_to_face_sessions" FOR EACH STATEMENT EXECUTE FUNCTION catalogue_touch();
