ALTER TABLE "videos" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;