-- The listing indexes lead with two keys PostgreSQL keeps from the columns they stand for: the
-- category's place in the list of categories (category_key, smallint) and the bump, -infinity for
-- a profile never bumped (bump_key: the order of bumped_at desc nulls last). A text or a null
-- before a column of an index entry makes PostgreSQL walk the entry to reach that column; with
-- fixed-width keys and no null before the filters, skipping to a deep page's offset costs about
-- half as much. The mostly null expires_at and top_until move to the end of the entries.
DROP INDEX "model_profiles_listing_category_idx";--> statement-breakpoint
DROP INDEX "model_profiles_listing_city_idx";--> statement-breakpoint
DROP INDEX "model_profiles_listing_metro_idx";--> statement-breakpoint
DROP INDEX "model_profiles_listing_online_idx";--> statement-breakpoint
DROP INDEX "model_profiles_listing_top_idx";--> statement-breakpoint
ALTER TABLE "model_profiles" ADD COLUMN "category_key" smallint GENERATED ALWAYS AS (array_position(array['individual', 'massage', 'elite', 'bdsm']::text[], category)::smallint) STORED;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD COLUMN "bump_key" timestamp with time zone GENERATED ALWAYS AS (coalesce(bumped_at, '-infinity'::timestamptz)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_category_idx" ON "model_profiles" USING btree ("category_key","bump_key" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"is_online","has_video","price_hour","expires_at","top_until") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."held_at" is null;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_city_idx" ON "model_profiles" USING btree ("city_id","category_key","bump_key" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"is_online","has_video","price_hour","expires_at","top_until") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."held_at" is null;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_metro_idx" ON "model_profiles" USING btree ("metro_id","category_key","bump_key" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"expires_at","top_until") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."held_at" is null and "model_profiles"."metro_id" is not null;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_online_idx" ON "model_profiles" USING btree ("category_key","bump_key" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"city_id","has_video","price_hour","expires_at","top_until") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."held_at" is null and "model_profiles"."is_online" = true;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_top_idx" ON "model_profiles" USING btree ("top_until","category_key","city_id","bump_key","published_at","id","is_online","has_video","price_hour","expires_at") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."held_at" is null and "model_profiles"."top_until" is not null;