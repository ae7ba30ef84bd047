-- ADR 0075: one invoice store. Shop invoices keep the VAT rule of their order; the payers' invoices of funding
-- requests move from funding_invoices into invoices (kind 'funding'), with their numbers, amounts and VAT as issued.
UPDATE "invoices" SET "vat_rate_basis_points" = "orders"."vat_rate_basis_points", "vat_exemption_mention" = "orders"."vat_exemption_mention"
FROM "orders" WHERE "orders"."id" = "invoices"."order_id";--> statement-breakpoint
INSERT INTO "invoices" ("kind", "order_id", "funding_request_id", "payer", "brand", "year", "sequence", "number", "issued_at", "seller", "buyer", "total_cents", "vat_cents", "total_with_vat_cents", "vat_rate_basis_points", "vat_exemption_mention", "currency")
SELECT 'funding', NULL, "request_id", "payer", "brand", "year", "sequence", "number", "issued_at", "seller", "buyer", "total_cents", "vat_cents", "total_with_vat_cents", "vat_rate_basis_points", "vat_exemption_mention", "currency"
FROM "funding_invoices" ORDER BY "id";
