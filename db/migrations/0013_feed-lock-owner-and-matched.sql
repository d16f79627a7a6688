ALTER TABLE "feed_sources" ADD COLUMN "sync_owner" text;--> statement-breakpoint
ALTER TABLE "feed_syncs" ADD COLUMN "matched" integer DEFAULT 0 NOT NULL;