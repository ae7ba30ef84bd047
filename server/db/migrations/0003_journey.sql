CREATE TABLE "attestations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"enrolment_id" integer,
	"facts" jsonb NOT NULL,
	"signature" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attestations_kind_check" CHECK ("attestations"."kind" in ('training','dpc'))
);
--> statement-breakpoint
CREATE TABLE "feedback_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"enrolment_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"review_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_progress" (
	"enrolment_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"position_seconds" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_progress_enrolment_id_module_id_pk" PRIMARY KEY("enrolment_id","module_id"),
	CONSTRAINT "module_progress_status_check" CHECK ("module_progress"."status" in ('started','completed')),
	CONSTRAINT "module_progress_completed_check" CHECK (("module_progress"."status" = 'completed') = ("module_progress"."completed_at" is not null)),
	CONSTRAINT "module_progress_position_check" CHECK ("module_progress"."position_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "practice_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrolment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_path" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_attendances" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"session_date_id" integer,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"enrolment_id" integer,
	"joined_at" timestamp with time zone,
	"attended" boolean,
	"marked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trainer_access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"session_id" integer NOT NULL,
	"person_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"awarded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_badges_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "dossier_id" text;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "lms_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attestations" ADD CONSTRAINT "attestations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestations" ADD CONSTRAINT "attestations_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestations" ADD CONSTRAINT "attestations_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_requests" ADD CONSTRAINT "feedback_requests_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_progress" ADD CONSTRAINT "module_progress_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_progress" ADD CONSTRAINT "module_progress_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_certificates" ADD CONSTRAINT "practice_certificates_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_certificates" ADD CONSTRAINT "practice_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendances" ADD CONSTRAINT "session_attendances_session_id_face_to_face_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."face_to_face_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendances" ADD CONSTRAINT "session_attendances_session_date_id_session_dates_id_fk" FOREIGN KEY ("session_date_id") REFERENCES "public"."session_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendances" ADD CONSTRAINT "session_attendances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendances" ADD CONSTRAINT "session_attendances_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_access_tokens" ADD CONSTRAINT "trainer_access_tokens_session_id_face_to_face_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."face_to_face_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_access_tokens" ADD CONSTRAINT "trainer_access_tokens_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attestations_code_unique" ON "attestations" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "attestations_enrolment_kind_unique" ON "attestations" USING btree ("enrolment_id","kind");--> statement-breakpoint
CREATE INDEX "attestations_user_idx" ON "attestations" USING btree ("user_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_requests_token_unique" ON "feedback_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "feedback_requests_user_idx" ON "feedback_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_certificates_enrolment_unique" ON "practice_certificates" USING btree ("enrolment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_attendances_session_day_user_unique" ON "session_attendances" USING btree ("session_id","day","user_id");--> statement-breakpoint
CREATE INDEX "session_attendances_user_idx" ON "session_attendances" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trainer_access_tokens_token_unique" ON "trainer_access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "trainer_access_tokens_session_idx" ON "trainer_access_tokens" USING btree ("session_id");