CREATE TABLE "funding_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"payer" text NOT NULL,
	"brand" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_with_vat_cents" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"vat_exemption_mention" text,
	"currency" text DEFAULT 'EUR' NOT NULL,
	CONSTRAINT "funding_invoices_payer_check" CHECK ("funding_invoices"."payer" in ('funder','pharmacy')),
	CONSTRAINT "funding_invoices_brand_check" CHECK ("funding_invoices"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "funding_invoices_amounts_check" CHECK ("funding_invoices"."total_cents" >= 0 and "funding_invoices"."vat_cents" >= 0 and "funding_invoices"."total_with_vat_cents" = "funding_invoices"."total_cents" + "funding_invoices"."vat_cents")
);
--> statement-breakpoint
CREATE TABLE "funding_request_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"user_id" integer NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "funding_request_events_action_check" CHECK ("funding_request_events"."action" in ('create','submit','reopen','fund','report','reimburse','session'))
);
--> statement-breakpoint
CREATE TABLE "funding_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"brand" text NOT NULL,
	"learner_id" integer NOT NULL,
	"agreement_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"scheme" text NOT NULL,
	"state" text DEFAULT 'creation' NOT NULL,
	"minutes" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"funded_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "funding_requests_brand_check" CHECK ("funding_requests"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "funding_requests_state_check" CHECK ("funding_requests"."state" in ('creation','in_progress','financing','report','reimbursement')),
	CONSTRAINT "funding_requests_scheme_check" CHECK ("funding_requests"."scheme" in ('dpc','opco','fifpl','fundae','sector')),
	CONSTRAINT "funding_requests_amounts_check" CHECK ("funding_requests"."total_cents" >= 0 and "funding_requests"."funded_cents" >= 0 and "funding_requests"."funded_cents" <= "funding_requests"."total_cents" and "funding_requests"."minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "training_plan_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"finish_date" date,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "training_plan_activities_dates_check" CHECK ("training_plan_activities"."finish_date" is null or "training_plan_activities"."finish_date" >= "training_plan_activities"."start_date")
);
--> statement-breakpoint
CREATE TABLE "training_plan_participants" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "training_plan_participants_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "training_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "training_plans_dates_check" CHECK ("training_plans"."end_date" >= "training_plans"."start_date")
);
--> statement-breakpoint
ALTER TABLE "funding_invoices" ADD CONSTRAINT "funding_invoices_request_id_funding_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."funding_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_request_events" ADD CONSTRAINT "funding_request_events_request_id_funding_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."funding_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_request_events" ADD CONSTRAINT "funding_request_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_session_id_face_to_face_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."face_to_face_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plan_activities" ADD CONSTRAINT "training_plan_activities_plan_id_training_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."training_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plan_activities" ADD CONSTRAINT "training_plan_activities_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plan_participants" ADD CONSTRAINT "training_plan_participants_activity_id_training_plan_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."training_plan_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plan_participants" ADD CONSTRAINT "training_plan_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plans" ADD CONSTRAINT "training_plans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plans" ADD CONSTRAINT "training_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funding_invoices_request_payer_unique" ON "funding_invoices" USING btree ("request_id","payer");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_invoices_number_unique" ON "funding_invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "funding_request_events_request_idx" ON "funding_request_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE INDEX "funding_requests_account_state_idx" ON "funding_requests" USING btree ("account_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_requests_learner_session_unique" ON "funding_requests" USING btree ("account_id","learner_id","session_id");--> statement-breakpoint
CREATE INDEX "training_plan_activities_plan_idx" ON "training_plan_activities" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "training_plan_participants_user_idx" ON "training_plan_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "training_plans_account_idx" ON "training_plans" USING btree ("account_id");