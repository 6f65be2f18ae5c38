ALTER TABLE "live_streams" ADD COLUMN "channel_id" text;--> statement-breakpoint
UPDATE "live_streams" SET "channel_id" = substr(md5(random()::text || "id"::text), 1, 16);--> statement-breakpoint
ALTER TABLE "live_streams" ALTER COLUMN "channel_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "live_streams" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "live_streams" ADD COLUMN "chat_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "live_streams" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_streams" ADD COLUMN "peak_viewers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_streams" ADD COLUMN "end_reason" text;--> statement-breakpoint
-- Rows from before this migration were never reachable (no channel): end the open ones, and
-- name the account of each from its profile.
UPDATE "live_streams" SET "ended_at" = now(), "end_reason" = 'restarted' WHERE "ended_at" IS NULL;--> statement-breakpoint
UPDATE "live_streams" SET "account_id" = p."account_id" FROM "model_profiles" p WHERE p."id" = "live_streams"."profile_id";--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_streams_live_account_key" ON "live_streams" USING btree ("account_id") WHERE "live_streams"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "live_streams_account_idx" ON "live_streams" USING btree ("account_id","started_at");--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_end_reason_check" CHECK ("live_streams"."end_reason" in ('stopped', 'disconnected', 'blocked', 'deleted', 'restarted'));