CREATE TABLE "cart_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"function_name" text,
	"session_id" integer,
	"session_course_id" integer,
	"funding_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_products_session_check" CHECK (("cart_products"."session_id" is null) = ("cart_products"."session_course_id" is null))
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"user_id" integer,
	"token_hash" text,
	"discount_code_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_brand_check" CHECK ("carts"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "carts_owner_check" CHECK ("carts"."user_id" is not null or "carts"."token_hash" is not null)
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"training_id" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_brand_check" CHECK ("discount_codes"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" in ('percentage','fixed')),
	CONSTRAINT "discount_codes_value_check" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" <> 'percentage' or "discount_codes"."value" <= 10000)),
	CONSTRAINT "discount_codes_limits_check" CHECK (("discount_codes"."max_uses" is null or "discount_codes"."max_uses" >= 0) and ("discount_codes"."max_uses_per_customer" is null or "discount_codes"."max_uses_per_customer" >= 0)),
	CONSTRAINT "discount_codes_dates_check" CHECK ("discount_codes"."valid_from" is null or "discount_codes"."valid_until" is null or "discount_codes"."valid_from" <= "discount_codes"."valid_until")
);
--> statement-breakpoint
CREATE TABLE "discount_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"discount_code_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"brand" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_brand_year_pk" PRIMARY KEY("brand","year"),
	CONSTRAINT "invoice_counters_brand_check" CHECK ("invoice_counters"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "invoice_counters_last_check" CHECK ("invoice_counters"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"brand" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_with_vat_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	CONSTRAINT "invoices_brand_check" CHECK ("invoices"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "invoices_sequence_check" CHECK ("invoices"."sequence" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"name" text NOT NULL,
	"training_type" text NOT NULL,
	"function_name" text,
	"session_id" integer,
	"session_course_id" integer,
	"funding_id" integer,
	"price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"net_cents" integer NOT NULL,
	CONSTRAINT "order_lines_amounts_check" CHECK ("order_lines"."price_cents" >= 0 and "order_lines"."discount_cents" >= 0 and "order_lines"."net_cents" = "order_lines"."price_cents" - "order_lines"."discount_cents" and "order_lines"."net_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer,
	"cart_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text,
	"provider" text,
	"discount_code_id" integer,
	"discount_code" text,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_with_vat_cents" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"vat_exemption_mention" text,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"failure_reason" text,
	"locale" text DEFAULT 'fr-FR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_brand_check" CHECK ("orders"."brand" in ('fr','be','es','es-campus')),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('cart','pending','paid','failed','cancelled')),
	CONSTRAINT "orders_method_check" CHECK ("orders"."payment_method" is null or "orders"."payment_method" in ('card','check','free')),
	CONSTRAINT "orders_totals_check" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" and "orders"."total_cents" >= 0 and "orders"."vat_cents" >= 0 and "orders"."total_with_vat_cents" = "orders"."total_cents" + "orders"."vat_cents"),
	CONSTRAINT "orders_paid_check" CHECK (("orders"."status" = 'paid') = ("orders"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('paid','failed','cancelled','pending')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_products" ADD CONSTRAINT "cart_products_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_products" ADD CONSTRAINT "cart_products_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_products" ADD CONSTRAINT "cart_products_session_id_face_to_face_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."face_to_face_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_products" ADD CONSTRAINT "cart_products_session_course_id_face_to_faces_id_fk" FOREIGN KEY ("session_course_id") REFERENCES "public"."face_to_faces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_products" ADD CONSTRAINT "cart_products_funding_id_fundings_id_fk" FOREIGN KEY ("funding_id") REFERENCES "public"."fundings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_session_id_face_to_face_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."face_to_face_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_session_course_id_face_to_faces_id_fk" FOREIGN KEY ("session_course_id") REFERENCES "public"."face_to_faces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_funding_id_fundings_id_fk" FOREIGN KEY ("funding_id") REFERENCES "public"."fundings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_products_cart_training_unique" ON "cart_products" USING btree ("cart_id","training_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_brand_unique" ON "carts" USING btree ("user_id","brand") WHERE user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_token_unique" ON "carts" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_brand_code_unique" ON "discount_codes" USING btree ("brand","code");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_uses_order_unique" ON "discount_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "discount_uses_code_user_idx" ON "discount_uses" USING btree ("discount_code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_unique" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_brand_year_sequence_unique" ON "invoices" USING btree ("brand","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_training_unique" ON "order_lines" USING btree ("order_id","training_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_account_idx" ON "orders" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "orders_cart_idx" ON "orders" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_transaction_unique" ON "payments" USING btree ("provider","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");