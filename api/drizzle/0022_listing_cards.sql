-- listing_cards: each profile's card as the listing's JSON, so that a page reads one row per card
-- (see the schema). The metro listing index also carries online and video, which a card reads
-- from the index now that the page no longer reads the profile's row.
CREATE TABLE "listing_cards" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"head" text,
	"photo" text,
	"complete" boolean NOT NULL
);
--> statement-breakpoint
DROP INDEX "model_profiles_listing_metro_idx";--> statement-breakpoint
ALTER TABLE "listing_cards" ADD CONSTRAINT "listing_cards_profile_id_model_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."model_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_metro_idx" ON "model_profiles" USING btree ("metro_id","category_key","bump_key" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"is_online","has_video","expires_at","top_until") WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false and "model_profiles"."held_at" is null and "model_profiles"."metro_id" is not null;--> statement-breakpoint
-- listing_cards is kept by the database itself, in the transaction of every write that changes
-- what a card shows, whoever makes it: a profile's name, age, category, city, metro or hourly
-- price; its public photos (added, removed, reordered, published); a city's or a station's names.
-- A card is written from the tables as they are after the change, under a lock on its profile's
-- row (read committed: a write waits for another one to the same card and then sees it), so two
-- transactions changing one card in turn leave it as the later one sees both. The JSON is what
-- the API's JSON.stringify writes: to_json escapes a text as it does.
CREATE FUNCTION "listing_cards_refresh"("ids" integer[], "lock" boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality("ids"), 0) = 0 THEN
    RETURN;
  END IF;
  IF "lock" AND current_setting('transaction_isolation') = 'read committed' THEN
    PERFORM 1 FROM "model_profiles" WHERE "id" = ANY("ids") ORDER BY "id" FOR NO KEY UPDATE;
  END IF;
  INSERT INTO "listing_cards" ("profile_id", "head", "photo", "complete")
  SELECT p."id",
    '{"id":' || p."id" || ',"name":' || to_json(p."name")::text
      || ',"age":' || coalesce(p."age"::text, 'null') || ',"category":' || to_json(p."category")::text
      || ',"city":{"slug":' || to_json(c."slug")::text || ',"name":{"ru":' || to_json(c."name_ru")::text
      || ',"en":' || to_json(c."name_en")::text || '}}'
      || ',"metro":' || coalesce('{"id":' || m."id" || ',"name":{"ru":' || to_json(m."name_ru")::text
        || ',"en":' || to_json(m."name_en")::text || '}}', 'null')
      || ',"priceHour":' || coalesce(p."price_hour"::text, 'null') || ',"photo":',
    (SELECT CASE WHEN f."url" <> '' THEN
        '{"url":' || to_json(f."url")::text || ',"width":' || coalesce(f."width", 0)
        || ',"height":' || coalesce(f."height", 0) || ',"alt":' || left(to_json(p."name")::text, -1)
      END
      FROM "media" f
      WHERE f."profile_id" = p."id" AND f."kind" = 'photo' AND f."is_public"
      ORDER BY f."position", f."id"
      LIMIT 1),
    p."age" IS NOT NULL AND p."price_hour" IS NOT NULL
  FROM "model_profiles" p
  LEFT JOIN "cities" c ON c."id" = p."city_id"
  LEFT JOIN "metro_stations" m ON m."id" = p."metro_id"
  WHERE p."id" = ANY("ids")
  ON CONFLICT ("profile_id") DO UPDATE
    SET "head" = excluded."head", "photo" = excluded."photo", "complete" = excluded."complete"
    WHERE ("listing_cards"."head", "listing_cards"."photo", "listing_cards"."complete")
      IS DISTINCT FROM (excluded."head", excluded."photo", excluded."complete");
END $$;
--> statement-breakpoint
-- New profiles are seen by nobody else yet: no lock. An update holds its rows already.
CREATE FUNCTION "listing_cards_profiles_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "listing_cards_refresh"(ARRAY(SELECT "id" FROM "new_rows"), false);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the columns a card shows: a presence flip, a bump or a moderation step writes nothing.
CREATE FUNCTION "listing_cards_profiles_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "listing_cards_refresh"(ARRAY(
    SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    WHERE (n."name", n."age", n."category", n."city_id", n."metro_id", n."price_hour")
      IS DISTINCT FROM (o."name", o."age", o."category", o."city_id", o."metro_id", o."price_hour")
  ), false);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A card shows its profile's first public photo: any public photo added, changed or removed.
CREATE FUNCTION "listing_cards_media_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "listing_cards_refresh"(ARRAY(
    SELECT DISTINCT "profile_id" FROM "new_rows" WHERE "kind" = 'photo' AND "is_public"
  ), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_cards_media_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "listing_cards_refresh"(ARRAY(
    SELECT "profile_id" FROM "old_rows" WHERE "kind" = 'photo' AND "is_public"
    UNION
    SELECT "profile_id" FROM "new_rows" WHERE "kind" = 'photo' AND "is_public"
  ), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_cards_media_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "listing_cards_refresh"(ARRAY(
    SELECT DISTINCT "profile_id" FROM "old_rows" WHERE "kind" = 'photo' AND "is_public"
  ), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_cards_cities_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "listing_cards_refresh"(ARRAY(
    SELECT p."id" FROM "model_profiles" p
    JOIN "new_rows" n ON n."id" = p."city_id" JOIN "old_rows" o ON o."id" = n."id"
    WHERE (n."slug", n."name_ru", n."name_en") IS DISTINCT FROM (o."slug", o."name_ru", o."name_en")
  ), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_cards_metro_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "listing_cards_refresh"(ARRAY(
    SELECT p."id" FROM "model_profiles" p
    JOIN "new_rows" n ON n."id" = p."metro_id" JOIN "old_rows" o ON o."id" = n."id"
    WHERE (n."name_ru", n."name_en") IS DISTINCT FROM (o."name_ru", o."name_en")
  ), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "model_profiles_listing_cards_insert" AFTER INSERT ON "model_profiles"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_cards_profiles_inserted"();
--> statement-breakpoint
CREATE TRIGGER "model_profiles_listing_cards_update" AFTER UPDATE ON "model_profiles"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_cards_profiles_updated"();
--> statement-breakpoint
CREATE TRIGGER "media_listing_cards_insert" AFTER INSERT ON "media"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_cards_media_inserted"();
--> statement-breakpoint
CREATE TRIGGER "media_listing_cards_update" AFTER UPDATE ON "media"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_cards_media_updated"();
--> statement-breakpoint
CREATE TRIGGER "media_listing_cards_delete" AFTER DELETE ON "media"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_cards_media_deleted"();
--> statement-breakpoint
CREATE TRIGGER "cities_listing_cards_update" AFTER UPDATE ON "cities"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_cards_cities_updated"();
--> statement-breakpoint
CREATE TRIGGER "metro_stations_listing_cards_update" AFTER UPDATE ON "metro_stations"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "listing_cards_metro_updated"();
--> statement-breakpoint
-- Every profile's card when the triggers start (the migration's transaction holds off writes).
SELECT "listing_cards_refresh"(ARRAY(SELECT "id" FROM "model_profiles"), false);
