CREATE TABLE "live_streams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_streams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "model_profiles_listing_category_idx";--> statement-breakpoint
DROP INDEX "model_profiles_listing_city_idx";--> statement-breakpoint
DROP INDEX "model_profiles_listing_metro_idx";--> statement-breakpoint
DROP INDEX "model_profiles_listing_online_idx";--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_profile_id_model_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."model_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_streams_live_profile_key" ON "live_streams" USING btree ("profile_id") WHERE "live_streams"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_category_idx" ON "model_profiles" USING btree ("category","bumped_at" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"top_until","expires_at") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_city_idx" ON "model_profiles" USING btree ("city_id","category","bumped_at" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"top_until","expires_at") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_metro_idx" ON "model_profiles" USING btree ("metro_id","category","bumped_at" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"top_until","expires_at") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_online_idx" ON "model_profiles" USING btree ("category","bumped_at" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"top_until","expires_at") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."is_online" = true;