CREATE TABLE "compliance_reminders" (
	"user_id" integer NOT NULL,
	"obligation" text NOT NULL,
	"deadline" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_reminders_user_id_obligation_deadline_days_before_pk" PRIMARY KEY("user_id","obligation","deadline","days_before"),
	CONSTRAINT "compliance_reminders_days_check" CHECK ("compliance_reminders"."days_before" > 0)
);
--> statement-breakpoint
CREATE TABLE "declared_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"organisation" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"hours" numeric(6, 2) NOT NULL,
	"elearning" boolean DEFAULT false NOT NULL,
	"dpc_action_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"priority_orientation" boolean DEFAULT false NOT NULL,
	"certification_axes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"belgian_category" text,
	"rcf_credits" numeric(5, 2),
	"proof_path" text NOT NULL,
	"proof_name" text NOT NULL,
	"state" text DEFAULT 'declared' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "declared_actions_state_check" CHECK ("declared_actions"."state" in ('declared','confirmed','rejected')),
	CONSTRAINT "declared_actions_dates_check" CHECK ("declared_actions"."end_date" >= "declared_actions"."start_date"),
	CONSTRAINT "declared_actions_hours_check" CHECK ("declared_actions"."hours" > 0 and "declared_actions"."hours" <= 1000),
	CONSTRAINT "declared_actions_dpc_action_types_check" CHECK ("declared_actions"."dpc_action_types" <@ array['training','practice_analysis','risk_management']::text[]),
	CONSTRAINT "declared_actions_certification_axes_check" CHECK ("declared_actions"."certification_axes" <@ array[1,2,3,4]::integer[]),
	CONSTRAINT "declared_actions_belgian_category_check" CHECK ("declared_actions"."belgian_category" is null or "declared_actions"."belgian_category" in ('pharmaceutical_sciences','pharmaceutical_care','health_society')),
	CONSTRAINT "declared_actions_rcf_credits_check" CHECK ("declared_actions"."rcf_credits" is null or "declared_actions"."rcf_credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "evidence_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"session_id" integer,
	"period_start" date,
	"period_end" date,
	"account_id" integer,
	"requested_by" integer,
	"state" text DEFAULT 'running' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"filename" text NOT NULL,
	"file_path" text,
	"size" integer,
	"sha256" text,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "evidence_packs_state_check" CHECK ("evidence_packs"."state" in ('running','done','failed')),
	CONSTRAINT "evidence_packs_progress_check" CHECK ("evidence_packs"."done" >= 0 and "evidence_packs"."total" >= 0 and "evidence_packs"."done" <= "evidence_packs"."total"),
	CONSTRAINT "evidence_packs_scope_check" CHECK (("evidence_packs"."session_id" is not null and "evidence_packs"."period_start" is null and "evidence_packs"."period_end" is null) or ("evidence_packs"."session_id" is null and "evidence_packs"."period_start" is not null and "evidence_packs"."period_end" is not null and "evidence_packs"."period_end" >= "evidence_packs"."period_start"))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registered_on" date;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "dpc_action_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "priority_orientation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "certification_axes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "belgian_category" text;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "rcf_credits" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "compliance_reminders" ADD CONSTRAINT "compliance_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declared_actions" ADD CONSTRAINT "declared_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declared_actions" ADD CONSTRAINT "declared_actions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_session_id_face_to_face_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."face_to_face_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "declared_actions_user_idx" ON "declared_actions" USING btree ("user_id","end_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evidence_packs_training_idx" ON "evidence_packs" USING btree ("training_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evidence_packs_account_idx" ON "evidence_packs" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_packs_one_running" ON "evidence_packs" USING btree ("training_id",coalesce("session_id", 0),coalesce("period_start", '0001-01-01'::date),coalesce("period_end", '0001-01-01'::date),coalesce("account_id", 0)) WHERE "evidence_packs"."state" = 'running';--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_dpc_action_types_check" CHECK ("trainings"."dpc_action_types" <@ array['training','practice_analysis','risk_management']::text[]);--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_certification_axes_check" CHECK ("trainings"."certification_axes" <@ array[1,2,3,4]::integer[]);--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_belgian_category_check" CHECK ("trainings"."belgian_category" is null or "trainings"."belgian_category" in ('pharmaceutical_sciences','pharmaceutical_care','health_society'));--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_rcf_credits_check" CHECK ("trainings"."rcf_credits" is null or "trainings"."rcf_credits" >= 0);