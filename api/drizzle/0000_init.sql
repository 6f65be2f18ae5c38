CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"login" text,
	"account_type" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"locale" text DEFAULT 'ru' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_account_type_check" CHECK ("accounts"."account_type" in ('girl', 'advister')),
	CONSTRAINT "accounts_role_check" CHECK ("accounts"."role" in ('user', 'admin')),
	CONSTRAINT "accounts_locale_check" CHECK ("accounts"."locale" in ('ru', 'en')),
	CONSTRAINT "accounts_email_check" CHECK ("accounts"."email" like '%_@_%'),
	CONSTRAINT "accounts_login_check" CHECK ("accounts"."login" ~ '^[A-Za-z0-9]{1,40}$')
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cities_slug_key" UNIQUE("slug"),
	CONSTRAINT "cities_slug_check" CHECK ("cities"."slug" ~ '^[a-z0-9-]{2,40}$')
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"profile_id" integer NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"width" integer,
	"height" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_kind_check" CHECK ("media"."kind" in ('photo', 'video')),
	CONSTRAINT "media_size_check" CHECK ("media"."width" > 0 and "media"."height" > 0),
	CONSTRAINT "media_position_check" CHECK ("media"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "metro_stations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "metro_stations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"city_id" integer NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"line_ru" text NOT NULL,
	"line_en" text NOT NULL,
	"line_color" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "metro_stations_city_line_name_key" UNIQUE("city_id","line_en","name_en"),
	CONSTRAINT "metro_stations_line_color_check" CHECK ("metro_stations"."line_color" ~ '^#[0-9A-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "model_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "model_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"city_id" integer,
	"metro_id" integer,
	"age" integer,
	"height" integer,
	"weight" integer,
	"boobs" integer,
	"appearance" text,
	"price_hour" integer,
	"price_two_hours" integer,
	"price_night" integer,
	"places" text[] DEFAULT '{}'::text[] NOT NULL,
	"phone" text,
	"telegram" text,
	"whatsapp" text,
	"viber" text,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"block_reason" text,
	"is_online" boolean DEFAULT false NOT NULL,
	"has_video" boolean DEFAULT false NOT NULL,
	"top_until" timestamp with time zone,
	"bumped_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_profiles_category_check" CHECK ("model_profiles"."category" in ('individual', 'massage', 'elite', 'bdsm')),
	CONSTRAINT "model_profiles_status_check" CHECK ("model_profiles"."status" in ('published', 'active', 'unactive', 'pending', 'cancel', 'expired', 'draft', 'saved', 'rejected')),
	CONSTRAINT "model_profiles_appearance_check" CHECK ("model_profiles"."appearance" in ('ASIAN', 'AFRICAN', 'CAUCASIAN', 'LATINO', 'MULATTO', 'SLAVIC', 'TATAR', 'CHINESE', 'KYRGYZ', 'KAZAKH', 'MESTIZO')),
	CONSTRAINT "model_profiles_name_check" CHECK (char_length("model_profiles"."name") between 2 and 15),
	CONSTRAINT "model_profiles_age_check" CHECK ("model_profiles"."age" between 18 and 60),
	CONSTRAINT "model_profiles_height_check" CHECK ("model_profiles"."height" between 150 and 200),
	CONSTRAINT "model_profiles_weight_check" CHECK ("model_profiles"."weight" between 40 and 300),
	CONSTRAINT "model_profiles_boobs_check" CHECK ("model_profiles"."boobs" between 0 and 12),
	CONSTRAINT "model_profiles_price_hour_check" CHECK ("model_profiles"."price_hour" between 1000 and 100000),
	CONSTRAINT "model_profiles_price_two_hours_check" CHECK ("model_profiles"."price_two_hours" between 1000 and 200000),
	CONSTRAINT "model_profiles_price_night_check" CHECK ("model_profiles"."price_night" between 1000 and 1000000),
	CONSTRAINT "model_profiles_places_check" CHECK ("model_profiles"."places" <@ array['apartment', 'visit']::text[]),
	CONSTRAINT "model_profiles_block_reason_check" CHECK ("model_profiles"."block_reason" is null or "model_profiles"."is_blocked"),
	CONSTRAINT "model_profiles_listed_complete" CHECK (not ("model_profiles"."status" in ('active', 'published')) or (
          "model_profiles"."city_id" is not null and "model_profiles"."age" is not null and "model_profiles"."height" is not null
          and "model_profiles"."weight" is not null and "model_profiles"."boobs" is not null and "model_profiles"."appearance" is not null
          and "model_profiles"."price_hour" is not null and "model_profiles"."description" is not null
          and "model_profiles"."published_at" is not null and cardinality("model_profiles"."places") > 0
          and num_nonnulls("model_profiles"."phone", "model_profiles"."telegram", "model_profiles"."whatsapp", "model_profiles"."viber") > 0
        ))
);
--> statement-breakpoint
CREATE TABLE "model_services" (
	"profile_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"description" text,
	CONSTRAINT "model_services_pkey" PRIMARY KEY("profile_id","service_id"),
	CONSTRAINT "model_services_description_check" CHECK (char_length("model_services"."description") <= 50)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category" text NOT NULL,
	"code" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "services_category_code_key" UNIQUE("category","code"),
	CONSTRAINT "services_category_check" CHECK ("services"."category" in ('sex', 'massage', 'extreme', 'bdsm', 'strip', 'other')),
	CONSTRAINT "services_code_check" CHECK ("services"."code" ~ '^[a-z0-9-]{2,40}$')
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value_ru" text NOT NULL,
	"value_en" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_profile_id_model_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."model_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metro_stations" ADD CONSTRAINT "metro_stations_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD CONSTRAINT "model_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD CONSTRAINT "model_profiles_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_profiles" ADD CONSTRAINT "model_profiles_metro_id_metro_stations_id_fk" FOREIGN KEY ("metro_id") REFERENCES "public"."metro_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_services" ADD CONSTRAINT "model_services_profile_id_model_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."model_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_services" ADD CONSTRAINT "model_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_key" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_login_key" ON "accounts" USING btree (lower("login"));--> statement-breakpoint
CREATE INDEX "media_profile_idx" ON "media" USING btree ("profile_id","kind","position");--> statement-breakpoint
CREATE INDEX "metro_stations_city_idx" ON "metro_stations" USING btree ("city_id","sort");--> statement-breakpoint
CREATE INDEX "model_profiles_listing_category_idx" ON "model_profiles" USING btree ("category","bumped_at" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false;--> statement-breakpoint
CREATE INDEX "model_profiles_listing_city_idx" ON "model_profiles" USING btree ("city_id","category","bumped_at" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "model_profiles"."status" in ('active', 'published') and "model_profiles"."is_blocked" = false;--> statement-breakpoint
CREATE INDEX "model_profiles_top_idx" ON "model_profiles" USING btree ("city_id","top_until") WHERE "model_profiles"."top_until" is not null;--> statement-breakpoint
CREATE INDEX "model_profiles_account_idx" ON "model_profiles" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "model_services_service_idx" ON "model_services" USING btree ("service_id");