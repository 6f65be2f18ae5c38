CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_invoice_id" text,
	"provider_payment_id" text,
	"pay_currency" text,
	"pay_amount" numeric(30, 12),
	"credited_kopecks" bigint DEFAULT 0 NOT NULL,
	"promo_code_id" integer,
	"bonus_percent" integer,
	"bonus_kopecks" bigint DEFAULT 0 NOT NULL,
	"return_area" text NOT NULL,
	"checkout_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_provider_payment_key" UNIQUE("provider","provider_payment_id"),
	CONSTRAINT "payment_orders_provider_check" CHECK ("payment_orders"."provider" in ('sandbox', 'nowpayments')),
	CONSTRAINT "payment_orders_status_check" CHECK ("payment_orders"."status" in ('created', 'waiting', 'confirming', 'confirmed', 'partially_paid', 'finished', 'failed', 'expired')),
	CONSTRAINT "payment_orders_return_area_check" CHECK ("payment_orders"."return_area" in ('girl', 'advister')),
	CONSTRAINT "payment_orders_amount_check" CHECK ("payment_orders"."amount_kopecks" > 0),
	CONSTRAINT "payment_orders_credited_check" CHECK ("payment_orders"."credited_kopecks" >= 0 and "payment_orders"."credited_kopecks" <= "payment_orders"."amount_kopecks"),
	CONSTRAINT "payment_orders_bonus_check" CHECK ("payment_orders"."bonus_kopecks" >= 0),
	CONSTRAINT "payment_orders_bonus_percent_check" CHECK ("payment_orders"."bonus_percent" is null or "payment_orders"."bonus_percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "payment_webhooks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_webhooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"raw_body" text NOT NULL,
	"signature_valid" boolean NOT NULL,
	"order_id" uuid,
	"provider_payment_id" text,
	"payment_status" text,
	"outcome" text NOT NULL,
	"ledger_transaction_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payment_webhooks_ledger_transaction_key" UNIQUE("ledger_transaction_id"),
	CONSTRAINT "payment_webhooks_provider_check" CHECK ("payment_webhooks"."provider" in ('sandbox', 'nowpayments')),
	CONSTRAINT "payment_webhooks_outcome_check" CHECK ("payment_webhooks"."outcome" in ('received', 'credited', 'updated', 'ignored', 'rejected_signature', 'malformed', 'unknown_order', 'conflict')),
	CONSTRAINT "payment_webhooks_credit_check" CHECK (("payment_webhooks"."outcome" = 'credited') = ("payment_webhooks"."ledger_transaction_id" is not null) and ("payment_webhooks"."ledger_transaction_id" is null or "payment_webhooks"."signature_valid"))
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_webhooks" ADD CONSTRAINT "payment_webhooks_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_webhooks" ADD CONSTRAINT "payment_webhooks_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_orders_account_idx" ON "payment_orders" USING btree ("account_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "payment_webhooks_order_idx" ON "payment_webhooks" USING btree ("order_id");