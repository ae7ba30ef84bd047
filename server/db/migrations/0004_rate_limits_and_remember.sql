CREATE TABLE "rate_limits" (
	"scope" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "persistent" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;