ALTER TABLE "auth_tokens" DROP CONSTRAINT "auth_tokens_kind_check";--> statement-breakpoint
-- The confirmed address (ADR 0109): accounts made before the public sign-up (seed, invitations, back office) count as
-- confirmed since they were made; later ones when they are made (the default), except a public sign-up (null).
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "email_confirmed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email_confirmed_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_kind_check" CHECK ("auth_tokens"."kind" in ('password_reset','cross_platform','invitation','email_confirmation'));
