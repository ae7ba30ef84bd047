CREATE TABLE "contract_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"from_contract_id" integer,
	"product_name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_by" integer,
	"signed_at" timestamp with time zone,
	"contract_id" integer,
	CONSTRAINT "contract_offers_status_check" CHECK ("contract_offers"."status" in ('pending','signed','cancelled')),
	CONSTRAINT "contract_offers_price_check" CHECK ("contract_offers"."price_cents" >= 0),
	CONSTRAINT "contract_offers_signed_check" CHECK (("contract_offers"."status" = 'signed') = ("contract_offers"."signed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "contract_offers" ADD CONSTRAINT "contract_offers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_offers" ADD CONSTRAINT "contract_offers_from_contract_id_contracts_id_fk" FOREIGN KEY ("from_contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_offers" ADD CONSTRAINT "contract_offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_offers" ADD CONSTRAINT "contract_offers_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_offers" ADD CONSTRAINT "contract_offers_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_offers_account_idx" ON "contract_offers" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_offers_one_pending_unique" ON "contract_offers" USING btree ("account_id") WHERE status = 'pending';