-- Height, weight, bust size and appearance are optional in the form (PRODUCT_SPEC.md section 5):
-- a listed profile may leave them out. The columns were already nullable; only the listed-profile
-- check required them. listing_counts and its triggers do not read these columns.
ALTER TABLE "model_profiles" DROP CONSTRAINT "model_profiles_listed_complete";--> statement-breakpoint
ALTER TABLE "model_profiles" ADD CONSTRAINT "model_profiles_listed_complete" CHECK (not ("model_profiles"."status" in ('active', 'published')) or (
          "model_profiles"."city_id" is not null and "model_profiles"."age" is not null
          and "model_profiles"."price_hour" is not null and "model_profiles"."description" is not null
          and "model_profiles"."published_at" is not null and cardinality("model_profiles"."places") > 0
          and num_nonnulls("model_profiles"."phone", "model_profiles"."telegram", "model_profiles"."whatsapp", "model_profiles"."viber") > 0
        ));
