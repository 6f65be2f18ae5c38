CREATE TABLE "ad_bookings" (
	"campaign_id" integer NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "ad_bookings_campaign_id_key_day_pk" PRIMARY KEY("campaign_id","key","day")
);
--> statement-breakpoint
CREATE TABLE "ad_events" (
	"campaign_id" integer NOT NULL,
	"kind" text NOT NULL,
	"visitor" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "ad_events_campaign_id_kind_visitor_hour_pk" PRIMARY KEY("campaign_id","kind","visitor","hour"),
	CONSTRAINT "ad_events_kind_check" CHECK ("ad_events"."kind" in ('impression', 'click'))
);
--> statement-breakpoint
CREATE TABLE "ad_stats_daily" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_stats_daily_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "campaign_cities" (
	"campaign_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	CONSTRAINT "campaign_cities_campaign_id_city_id_pk" PRIMARY KEY("campaign_id","city_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"format" text,
	"heading" text,
	"description" text,
	"link" text,
	"button_text" text,
	"placement" text,
	"pricing" text,
	"impressions" integer,
	"starts_on" date,
	"ends_on" date,
	"image_key" text,
	"image_width" integer,
	"image_height" integer,
	"image_public" boolean DEFAULT false NOT NULL,
	"paid_kopecks" bigint DEFAULT 0 NOT NULL,
	"cost_per_day_kopecks" bigint,
	"total_kopecks" bigint,
	"impressions_served" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"reject_reason" text,
	"changed" boolean DEFAULT false NOT NULL,
	"approved" jsonb,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('draft', 'moderation', 'published', 'completed', 'rejected')),
	CONSTRAINT "campaigns_placement_check" CHECK ("campaigns"."placement" in ('main', 'cities', 'everywhere')),
	CONSTRAINT "campaigns_pricing_check" CHECK ("campaigns"."pricing" in ('impressions', 'days')),
	CONSTRAINT "campaigns_served_check" CHECK ("campaigns"."impressions" is null or "campaigns"."impressions_served" <= "campaigns"."impressions"),
	CONSTRAINT "campaigns_paid_check" CHECK ("campaigns"."paid_kopecks" >= 0)
);
--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_target_type_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "ad_bookings" ADD CONSTRAINT "ad_bookings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_events" ADD CONSTRAINT "ad_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_stats_daily" ADD CONSTRAINT "ad_stats_daily_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_cities" ADD CONSTRAINT "campaign_cities_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_cities" ADD CONSTRAINT "campaign_cities_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_bookings_key_day_idx" ON "ad_bookings" USING btree ("key","day");--> statement-breakpoint
CREATE INDEX "campaign_cities_city_idx" ON "campaign_cities" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "campaigns_account_idx" ON "campaigns" USING btree ("account_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status","submitted_at");--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_target_type_check" CHECK ("admin_actions"."target_type" in ('profile', 'account', 'complaint', 'campaign'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('profile_approved', 'profile_rejected', 'profile_expired', 'profile_blocked', 'profile_unblocked', 'video_activated', 'raised_in_city', 'top_placement', 'account_blocked', 'account_unblocked', 'ad_approved', 'ad_rejected', 'ad_completed'));