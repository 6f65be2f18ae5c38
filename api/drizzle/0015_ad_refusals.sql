CREATE TABLE "ad_refusals_daily" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_refusals_daily_campaign_id_day_kind_reason_pk" PRIMARY KEY("campaign_id","day","kind","reason"),
	CONSTRAINT "ad_refusals_daily_kind_check" CHECK ("ad_refusals_daily"."kind" in ('impression', 'click')),
	CONSTRAINT "ad_refusals_daily_reason_check" CHECK ("ad_refusals_daily"."reason" in ('rate_limit', 'expired', 'too_soon', 'foreign', 'replay', 'bot'))
);
--> statement-breakpoint
ALTER TABLE "ad_events" ADD COLUMN "token" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_refusals_daily" ADD CONSTRAINT "ad_refusals_daily_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;