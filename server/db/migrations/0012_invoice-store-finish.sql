ALTER TABLE "funding_invoices" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "funding_invoices" CASCADE;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "vat_rate_basis_points" SET NOT NULL;