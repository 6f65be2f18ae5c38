CREATE TABLE "remote_channel_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_channel_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"remote" text NOT NULL,
	"action" text NOT NULL,
	"from_version" text,
	"to_version" text,
	"canary_percent" integer,
	"reason" text NOT NULL,
	"admin_id" integer,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_channel_changes_action_check" CHECK ("remote_channel_changes"."action" in ('publish', 'promote', 'canary', 'rollback'))
);
--> statement-breakpoint
CREATE TABLE "remote_channels" (
	"remote" text PRIMARY KEY NOT NULL,
	"stable_version" text NOT NULL,
	"canary_version" text,
	"canary_percent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_channels_canary_percent_check" CHECK ("remote_channels"."canary_percent" between 0 and 100),
	CONSTRAINT "remote_channels_canary_check" CHECK ("remote_channels"."canary_version" is null and "remote_channels"."canary_percent" = 0 or "remote_channels"."canary_version" is not null and "remote_channels"."canary_version" <> "remote_channels"."stable_version")
);
--> statement-breakpoint
CREATE TABLE "remote_releases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"entry" text NOT NULL,
	"ssr" text,
	"integrity" text,
	"routes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_releases_version_key" UNIQUE("remote","version"),
	CONSTRAINT "remote_releases_server_pinned_check" CHECK ("remote_releases"."ssr" is null or "remote_releases"."integrity" is not null)
);
--> statement-breakpoint
ALTER TABLE "remote_channel_changes" ADD CONSTRAINT "remote_channel_changes_admin_id_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_channels" ADD CONSTRAINT "remote_channels_stable_fk" FOREIGN KEY ("remote","stable_version") REFERENCES "public"."remote_releases"("remote","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_channels" ADD CONSTRAINT "remote_channels_canary_fk" FOREIGN KEY ("remote","canary_version") REFERENCES "public"."remote_releases"("remote","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_channel_changes_remote_idx" ON "remote_channel_changes" USING btree ("remote","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);