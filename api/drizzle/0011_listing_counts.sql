CREATE TABLE "listing_counts" (
	"category" text NOT NULL,
	"city_id" integer NOT NULL,
	"is_online" boolean NOT NULL,
	"has_video" boolean NOT NULL,
	"price_hour" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "model_profiles_listing_category_idx";--> statement-breakpoint
DROP INDEX "model_profiles_listing_city_idx";--> statement-breakpoint
DROP INDEX "model_profiles_listing_online_idx";--> statement-breakpoint
CREATE INDEX "listing_counts_key_idx" ON "listing_counts" USING btree ("category","price_hour","city_id","is_online","has_video");--> statement-breakpoint
CREATE INDEX "model_profiles_expires_idx" ON "model_profiles" USING btree ("expires_at") WHERE "model_profiles"."status" in ('active', 'published', 'unactive') and "model_profiles"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_category_idx" ON "model_profiles" USING btree ("category","bumped_at" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"top_until","expires_at","is_online","has_video","price_hour") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."held_at" is null;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_city_idx" ON "model_profiles" USING btree ("city_id","category","bumped_at" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"top_until","expires_at","is_online","has_video","price_hour") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."held_at" is null;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_online_idx" ON "model_profiles" USING btree ("category","bumped_at" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"top_until","expires_at","city_id","has_video","price_hour") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."held_at" is null and "model_profiles"."is_online" = true;
--> statement-breakpoint
-- listing_counts is kept by the database itself, in the transaction of every write to
-- model_profiles, whoever makes it (moderation, blocking, complaint holds, expiry, deletion,
-- pause, presence, edits of an approved profile, cascades from accounts). Each statement's change
-- is grouped per key; the statement then merges it with the key's rows into one row, unless
-- another transaction is merging at that moment (a try-lock, never a wait): then the change is
-- appended as a row of its own, and a later write to the key merges it. Writers never wait on
-- each other here, and a reader's sum is exact in its snapshot either way.
CREATE FUNCTION "listing_counts_apply"(
  "categories" text[], "city_ids" integer[], "online" boolean[], "video" boolean[],
  "prices" integer[], "deltas" integer[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality("categories"), 0) = 0 THEN
    RETURN;
  END IF;
  -- Merging deletes rows other transactions may be merging too; under a snapshot older than the
  -- statement (repeatable read, serializable) that could fail the write, so those only append.
  IF current_setting('transaction_isolation') = 'read committed' AND pg_try_advisory_xact_lock(7310020) THEN
    WITH "delta" AS (
      SELECT * FROM unnest("categories", "city_ids", "online", "video", "prices", "deltas")
        AS d("category", "city_id", "is_online", "has_video", "price_hour", "n")
    ), "merged" AS (
      DELETE FROM "listing_counts" c USING "delta" d
      WHERE c."category" = d."category" AND c."price_hour" = d."price_hour" AND c."city_id" = d."city_id"
        AND c."is_online" = d."is_online" AND c."has_video" = d."has_video"
      RETURNING c."category", c."city_id", c."is_online", c."has_video", c."price_hour", c."n"
    )
    INSERT INTO "listing_counts" ("category", "city_id", "is_online", "has_video", "price_hour", "n")
    SELECT "category", "city_id", "is_online", "has_video", "price_hour", sum("n")::integer
    FROM (SELECT * FROM "delta" UNION ALL SELECT * FROM "merged") AS "rows"
    GROUP BY "category", "city_id", "is_online", "has_video", "price_hour"
    HAVING sum("n") <> 0;
  ELSE
    INSERT INTO "listing_counts" ("category", "city_id", "is_online", "has_video", "price_hour", "n")
    SELECT * FROM unnest("categories", "city_ids", "online", "video", "prices", "deltas");
  END IF;
END $$;
--> statement-breakpoint
-- One function per event: a statement trigger sees the rows it changed as transition tables
-- ("old_rows", "new_rows"), and a trigger with them serves one event only. Rows are grouped per
-- key twice: with their price, and for every price (price_hour 0; a listed profile has a price).
CREATE FUNCTION "listing_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "listing_counts_apply"(array_agg("category"), array_agg("city_id"), array_agg("is_online"),
    array_agg("has_video"), array_agg(coalesce("price_hour", 0)), array_agg("n"))
  FROM (
    SELECT "category", "city_id", "is_online", "has_video", "price_hour", count(*)::integer AS "n"
    FROM "new_rows"
    WHERE "status" IN ('active', 'published') AND "is_blocked" = false AND "held_at" IS NULL
    GROUP BY GROUPING SETS (("category", "city_id", "is_online", "has_video", "price_hour"),
      ("category", "city_id", "is_online", "has_video"))
  ) AS "change";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "listing_counts_apply"(array_agg("category"), array_agg("city_id"), array_agg("is_online"),
    array_agg("has_video"), array_agg(coalesce("price_hour", 0)), array_agg("n"))
  FROM (
    SELECT "category", "city_id", "is_online", "has_video", "price_hour", -count(*)::integer AS "n"
    FROM "old_rows"
    WHERE "status" IN ('active', 'published') AND "is_blocked" = false AND "held_at" IS NULL
    GROUP BY GROUPING SETS (("category", "city_id", "is_online", "has_video", "price_hour"),
      ("category", "city_id", "is_online", "has_video"))
  ) AS "change";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update that leaves every counted column of every listed row as it was (a bump, a top
-- placement, an edit waiting for moderation) changes no key and writes nothing.
CREATE FUNCTION "listing_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "listing_counts_apply"(array_agg("category"), array_agg("city_id"), array_agg("is_online"),
    array_agg("has_video"), array_agg(coalesce("price_hour", 0)), array_agg("n"))
  FROM (
    SELECT "category", "city_id", "is_online", "has_video", "price_hour", sum("d")::integer AS "n"
    FROM (
      SELECT "category", "city_id", "is_online", "has_video", "price_hour", -1 AS "d" FROM "old_rows"
      WHERE "status" IN ('active', 'published') AND "is_blocked" = false AND "held_at" IS NULL
      UNION ALL
      SELECT "category", "city_id", "is_online", "has_video", "price_hour", 1 AS "d" FROM "new_rows"
      WHERE "status" IN ('active', 'published') AND "is_blocked" = false AND "held_at" IS NULL
    ) AS "rows"
    GROUP BY GROUPING SETS (("category", "city_id", "is_online", "has_video", "price_hour"),
      ("category", "city_id", "is_online", "has_video"))
    HAVING sum("d") <> 0
  ) AS "change";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "listing_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "model_profiles_listing_counts_insert" AFTER INSERT ON "model_profiles"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_counts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "model_profiles_listing_counts_update" AFTER UPDATE ON "model_profiles"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_counts_updated"();
--> statement-breakpoint
CREATE TRIGGER "model_profiles_listing_counts_delete" AFTER DELETE ON "model_profiles"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_counts_deleted"();
--> statement-breakpoint
CREATE TRIGGER "model_profiles_listing_counts_truncate" AFTER TRUNCATE ON "model_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "listing_counts_truncated"();
--> statement-breakpoint
-- The profiles listed when the triggers start: the migration's transaction holds off every
-- write to model_profiles from the trigger's creation until it commits.
INSERT INTO "listing_counts" ("category", "city_id", "is_online", "has_video", "price_hour", "n")
SELECT "category", "city_id", "is_online", "has_video", coalesce("price_hour", 0), count(*)::integer
FROM "model_profiles"
WHERE "status" IN ('active', 'published') AND "is_blocked" = false AND "held_at" IS NULL
GROUP BY GROUPING SETS (("category", "city_id", "is_online", "has_video", "price_hour"),
  ("category", "city_id", "is_online", "has_video"));
