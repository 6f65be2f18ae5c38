CREATE TABLE "page_versions" (
	"key" text PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"seen_on" date DEFAULT current_date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_versions_seen_idx" ON "page_versions" USING btree ("seen_on");