CREATE TABLE "admin_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_actions_target_type_check" CHECK ("admin_actions"."target_type" in ('profile', 'account', 'complaint'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
DROP INDEX "model_profiles_listing_category_idx";--> statement-breakpoint
DROP INDEX "model_profiles_listing_city_idx";--> statement-breakpoint
DROP INDEX "model_profiles_listing_metro_idx";--> statement-breakpoint
DROP INDEX "model_profiles_listing_online_idx";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "block_comment" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "mime_type" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Media stored before moderation existed belongs to the profiles' published versions.
UPDATE "media" SET "is_public" = true;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "in_revision" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "revision_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD COLUMN "block_source" text;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD COLUMN "revision" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD COLUMN "submitted_hash" text;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD COLUMN "approved_hash" text;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD COLUMN "prepaid_months" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_admin_id_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_created_idx" ON "admin_actions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_actions_target_idx" ON "admin_actions" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_storage_key_key" ON "media" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "model_profiles_moderation_idx" ON "model_profiles" USING btree ("submitted_at") WHERE "model_profiles"."status" = 'pending' or "model_profiles"."review" = 'pending';--> statement-breakpoint
CREATE INDEX "model_profiles_listing_category_idx" ON "model_profiles" USING btree ("category","bumped_at" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"top_until","expires_at") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."held_at" is null;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_city_idx" ON "model_profiles" USING btree ("city_id","category","bumped_at" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"top_until","expires_at") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."held_at" is null;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_metro_idx" ON "model_profiles" USING btree ("metro_id","category","bumped_at" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"top_until","expires_at") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."held_at" is null;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_online_idx" ON "model_profiles" USING btree ("category","bumped_at" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"top_until","expires_at") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."held_at" is null and "model_profiles"."is_online" = true;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD CONSTRAINT "model_profiles_block_source_check" CHECK ("model_profiles"."block_source" in ('profile', 'account'));--> statement-breakpoint
ALTER TABLE "model_profiles" ADD CONSTRAINT "model_profiles_review_check" CHECK ("model_profiles"."review" in ('pending', 'rejected'));--> statement-breakpoint
ALTER TABLE "model_profiles" ADD CONSTRAINT "model_profiles_prepaid_months_check" CHECK ("model_profiles"."prepaid_months" >= 0);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('profile_approved', 'profile_rejected', 'profile_expired', 'profile_blocked', 'profile_unblocked', 'video_activated', 'raised_in_city', 'top_placement', 'account_blocked', 'account_unblocked', 'ad_approved', 'ad_rejected'));