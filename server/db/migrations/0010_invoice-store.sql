ALTER TABLE "invoices" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "funding_request_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payer" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_rate_basis_points" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_exemption_mention" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_funding_request_id_funding_requests_id_fk" FOREIGN KEY ("funding_request_id") REFERENCES "public"."funding_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_funding_payer_unique" ON "invoices" USING btree ("funding_request_id","payer");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK (("invoices"."kind" = 'order' and "invoices"."order_id" is not null and "invoices"."funding_request_id" is null and "invoices"."payer" is null) or ("invoices"."kind" = 'funding' and "invoices"."order_id" is null and "invoices"."funding_request_id" is not null and "invoices"."payer" in ('funder','pharmacy')));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."total_cents" >= 0 and "invoices"."vat_cents" >= 0 and "invoices"."total_with_vat_cents" = "invoices"."total_cents" + "invoices"."vat_cents");