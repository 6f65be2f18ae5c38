CREATE TABLE "balance_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer,
	"decided_by" integer,
	"ledger_transaction_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "balance_adjustments_ledger_transaction_key" UNIQUE("ledger_transaction_id"),
	CONSTRAINT "balance_adjustments_status_check" CHECK ("balance_adjustments"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "balance_adjustments_amount_check" CHECK ("balance_adjustments"."amount_kopecks" <> 0),
	CONSTRAINT "balance_adjustments_decision_check" CHECK (("balance_adjustments"."status" = 'pending') = ("balance_adjustments"."decided_at" is null) and ("balance_adjustments"."status" = 'approved') = ("balance_adjustments"."ledger_transaction_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "payment_webhooks" ADD COLUMN "body_bytes" integer;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_adjustments_pending_idx" ON "balance_adjustments" USING btree ("created_at") WHERE "balance_adjustments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "balance_adjustments_account_idx" ON "balance_adjustments" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_webhooks_refused_idx" ON "payment_webhooks" USING btree ("received_at") WHERE "payment_webhooks"."outcome" in ('rejected_signature', 'malformed', 'unknown_order');