CREATE TABLE "moderation_claims" (
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "moderation_claims_pkey" PRIMARY KEY("target_type","target_id"),
	CONSTRAINT "moderation_claims_target_type_check" CHECK ("moderation_claims"."target_type" in ('profile', 'campaign'))
);
--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_target_type_check";--> statement-breakpoint
ALTER TABLE "moderation_claims" ADD CONSTRAINT "moderation_claims_admin_id_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_target_type_check" CHECK ("admin_actions"."target_type" in ('profile', 'account', 'complaint', 'campaign', 'promo', 'site'));