CREATE TABLE "release_guard" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"sessions" integer NOT NULL,
	"margin_percent" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "release_guard_single_row_check" CHECK ("release_guard"."id" = 1),
	CONSTRAINT "release_guard_sessions_check" CHECK ("release_guard"."sessions" between 1 and 10000),
	CONSTRAINT "release_guard_margin_check" CHECK ("release_guard"."margin_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "telemetry_errors" (
	"day" date NOT NULL,
	"key" text NOT NULL,
	"remote" text,
	"version" text NOT NULL,
	"source" text NOT NULL,
	"message" text NOT NULL,
	"route" text NOT NULL,
	"stack" text,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telemetry_errors_pkey" PRIMARY KEY("day","key"),
	CONSTRAINT "telemetry_errors_source_check" CHECK ("telemetry_errors"."source" in ('uncaught', 'rejection', 'boundary'))
);
--> statement-breakpoint
CREATE TABLE "telemetry_sessions" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"day" date NOT NULL,
	"session" text NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"had_error" boolean DEFAULT false NOT NULL,
	"failed_load" boolean DEFAULT false NOT NULL,
	"load_ms" integer,
	CONSTRAINT "telemetry_sessions_pkey" PRIMARY KEY("remote","version","day","session")
);
--> statement-breakpoint
CREATE TABLE "telemetry_vitals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telemetry_vitals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"remote" text,
	"version" text NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"route" text NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "telemetry_vitals_name_check" CHECK ("telemetry_vitals"."name" in ('LCP', 'INP', 'CLS', 'TTFB'))
);
--> statement-breakpoint
ALTER TABLE "release_guard" ADD CONSTRAINT "release_guard_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telemetry_errors_release_idx" ON "telemetry_errors" USING btree ("remote","version","day");--> statement-breakpoint
CREATE INDEX "telemetry_sessions_recent_idx" ON "telemetry_sessions" USING btree ("remote","version","first_seen" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "telemetry_sessions_day_idx" ON "telemetry_sessions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "telemetry_vitals_release_idx" ON "telemetry_vitals" USING btree ("remote","version","day");--> statement-breakpoint
CREATE INDEX "telemetry_vitals_day_idx" ON "telemetry_vitals" USING btree ("day");