ALTER TABLE "complaints" ADD COLUMN "network_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;