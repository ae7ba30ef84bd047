CREATE TABLE "history_export_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"filename" text NOT NULL,
	"content" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "history_export_jobs_state_check" CHECK ("history_export_jobs"."state" in ('running','done','failed')),
	CONSTRAINT "history_export_jobs_progress_check" CHECK ("history_export_jobs"."done" >= 0 and "history_export_jobs"."total" >= 0 and "history_export_jobs"."done" <= "history_export_jobs"."total")
);
--> statement-breakpoint
ALTER TABLE "history_export_jobs" ADD CONSTRAINT "history_export_jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_export_jobs" ADD CONSTRAINT "history_export_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_export_jobs_account_user_idx" ON "history_export_jobs" USING btree ("account_id","user_id","created_at");