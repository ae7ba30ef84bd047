ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contract_offer_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_contract_offer_id_contract_offers_id_fk" FOREIGN KEY ("contract_offer_id") REFERENCES "public"."contract_offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_contract_offer_idx" ON "orders" USING btree ("contract_offer_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('shop','contract'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_contract_offer_check" CHECK (("orders"."kind" = 'contract') = ("orders"."contract_offer_id" is not null));