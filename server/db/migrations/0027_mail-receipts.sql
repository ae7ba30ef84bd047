CREATE TABLE "mail_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"enrolment_id" integer,
	"recipient" text NOT NULL,
	"message_id" text,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_receipts_kind_check" CHECK ("mail_receipts"."kind" in ('attestation','feedbackRequest'))
);
--> statement-breakpoint
ALTER TABLE "mail_receipts" ADD CONSTRAINT "mail_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_receipts" ADD CONSTRAINT "mail_receipts_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_receipts_training_idx" ON "mail_receipts" USING btree ("training_id","sent_at");