CREATE TABLE "content_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"entity_id" integer,
	"brand" text NOT NULL,
	"lang" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_drafts_kind_check" CHECK ("content_drafts"."kind" in ('page','news','expert')),
	CONSTRAINT "content_drafts_brand_check" CHECK ("content_drafts"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "content_drafts_lang_check" CHECK ("content_drafts"."lang" in ('fr','es'))
);
--> statement-breakpoint
CREATE TABLE "login_images" (
	"brand" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_images_brand_check" CHECK ("login_images"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "login_images_bytes_check" CHECK ("login_images"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_images" ADD CONSTRAINT "login_images_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_drafts_entity_unique" ON "content_drafts" USING btree ("kind","entity_id") WHERE entity_id is not null;--> statement-breakpoint
CREATE INDEX "content_drafts_brand_idx" ON "content_drafts" USING btree ("brand","kind");