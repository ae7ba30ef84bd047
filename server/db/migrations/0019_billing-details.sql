CREATE TABLE "billing_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"company_name" text,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"tax_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_profiles_country_check" CHECK ("billing_profiles"."country" in ('FR','BE','ES'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Data fix (issue 28 item 9, ADR 0102): a database seeded before this migration named the training body "Formapharm
-- SAS / Belgique SRL / España S.L." with other declaration numbers. The legal notice pages now render the brand's
-- legal identity from its one source, so the stored publisher paragraph goes; the other pages and the trainings get
-- the legal names and mentions of core/branding/legal-identities.ts as they are at this migration.
UPDATE "content_pages" SET "body" = regexp_replace("body", '^<h2>Éditeur</h2><p>[^<]*</p>', '') WHERE "slug" = 'mentions-legales' AND "body" LIKE '<h2>Éditeur</h2>%';--> statement-breakpoint
UPDATE "content_pages" SET "body" = regexp_replace("body", '^<h2>Titular</h2><p>[^<]*</p>', '') WHERE "slug" = 'aviso-legal' AND "body" LIKE '<h2>Titular</h2>%';--> statement-breakpoint
UPDATE "content_pages" SET "body" = replace("body", 'Formapharm SAS', 'Officine Académie SAS') WHERE "brand" = 'fr';--> statement-breakpoint
UPDATE "content_pages" SET "body" = replace("body", 'Formapharm Belgique SRL', 'PharmaSavoir SRL') WHERE "brand" = 'be';--> statement-breakpoint
UPDATE "content_pages" SET "body" = replace("body", 'Formapharm España S.L.', 'AulaFarma S.L.') WHERE "brand" = 'es';--> statement-breakpoint
UPDATE "content_pages" SET "body" = replace("body", 'Campus Farmacia (Formapharm España S.L.)', 'Campus Botica S.L.') WHERE "brand" = 'es-campus';--> statement-breakpoint
UPDATE "trainings" SET "provider_name" = 'Officine Académie SAS', "training_organization" = 'Officine Académie SAS', "legal_notice" = 'Officine Académie SAS – déclaration d''activité n° 84 69 12345 69 (cet enregistrement ne vaut pas agrément de l''État) – organisme de DPC n° 9682 – certifié Qualiopi au titre des actions de formation.' WHERE "brand" = 'fr' AND "legal_notice" LIKE 'Formapharm SAS%';--> statement-breakpoint
UPDATE "trainings" SET "provider_name" = 'PharmaSavoir SRL', "training_organization" = 'PharmaSavoir SRL', "legal_notice" = 'PharmaSavoir SRL – formation accréditée pour la formation continue des pharmaciens d''officine.' WHERE "brand" = 'be' AND "legal_notice" LIKE 'Formapharm Belgique SRL%';--> statement-breakpoint
UPDATE "trainings" SET "provider_name" = 'AulaFarma S.L.', "training_organization" = 'AulaFarma S.L.', "legal_notice" = 'AulaFarma S.L. – entidad organizadora de formación programada por las empresas (FUNDAE n.º EO-B12345674).' WHERE "brand" = 'es' AND "legal_notice" LIKE 'Formapharm España S.L.%';--> statement-breakpoint
UPDATE "trainings" SET "provider_name" = 'Campus Botica S.L.', "training_organization" = 'Campus Botica S.L.', "legal_notice" = 'Campus Botica S.L. – entidad organizadora de formación programada por las empresas (FUNDAE n.º EO-B87654323).' WHERE "brand" = 'es-campus' AND "legal_notice" LIKE 'Campus Farmacia – %';
