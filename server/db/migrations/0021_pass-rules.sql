CREATE TABLE "pass_rules" (
	"training_id" integer PRIMARY KEY NOT NULL,
	"attests" text NOT NULL,
	"max_attempts" integer,
	"retry_wait_minutes" integer DEFAULT 0 NOT NULL,
	"counted_attempt" text DEFAULT 'best' NOT NULL,
	"reveal_answers" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pass_rules_attests_check" CHECK ("pass_rules"."attests" in ('achievement','participation')),
	CONSTRAINT "pass_rules_max_attempts_check" CHECK ("pass_rules"."max_attempts" is null or "pass_rules"."max_attempts" between 1 and 20),
	CONSTRAINT "pass_rules_wait_check" CHECK ("pass_rules"."retry_wait_minutes" between 0 and 43200),
	CONSTRAINT "pass_rules_counted_check" CHECK ("pass_rules"."counted_attempt" in ('best','last'))
);
--> statement-breakpoint
ALTER TABLE "history_entries" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "history_entries" ADD COLUMN "attempts" integer;--> statement-breakpoint
ALTER TABLE "history_entries" ADD COLUMN "pass_score" integer;--> statement-breakpoint
ALTER TABLE "pass_rules" ADD CONSTRAINT "pass_rules_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_entries" ADD CONSTRAINT "history_entries_outcome_check" CHECK ("history_entries"."outcome" is null or "history_entries"."outcome" in ('achieved','participated','failed'));--> statement-breakpoint
ALTER TABLE "history_entries" ADD CONSTRAINT "history_entries_attempts_check" CHECK ("history_entries"."attempts" is null or "history_entries"."attempts" >= 0);--> statement-breakpoint
ALTER TABLE "history_entries" ADD CONSTRAINT "history_entries_pass_score_check" CHECK ("history_entries"."pass_score" is null or "history_entries"."pass_score" between 0 and 100);--> statement-breakpoint
-- Data fix (ADR 0107): a pre-test measures and an evaluation asks opinions, neither is graded; their passing scores
-- never applied and now cannot be stored.
UPDATE "quizzes" SET "pass_score" = NULL WHERE "pass_score" IS NOT NULL AND "kind" NOT IN ('post_test','standalone');--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_pass_score_kind_check" CHECK ("quizzes"."pass_score" is null or "quizzes"."kind" in ('post_test','standalone'));