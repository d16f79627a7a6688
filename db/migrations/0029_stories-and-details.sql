-- Issue 63: a publication is a feed piece or a Story (kind); it may carry alt text per image,
-- collaborators and a first comment (whose failure is kept apart); an account keeps its
-- content_publishing_limit for an hour; a Story's insights add replies and taps.
DROP INDEX "scheduled_publications_once_idx";--> statement-breakpoint
DROP INDEX "scheduled_publications_reel_once_idx";--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "kind" text DEFAULT 'feed' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "alt_texts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "collaborators" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "first_comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "comment_id" text;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "comment_error" text;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "quota_used" integer;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "quota_total" integer;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "quota_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_insights" ADD COLUMN "replies" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post_insights" ADD COLUMN "taps_forward" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post_insights" ADD COLUMN "taps_back" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_publications_once_idx" ON "scheduled_publications" USING btree ("post_id","social_account_id","publish_at","kind") WHERE "scheduled_publications"."status" in ('scheduled', 'publishing');--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_publications_reel_once_idx" ON "scheduled_publications" USING btree ("video_id","social_account_id","kind") WHERE "scheduled_publications"."status" in ('scheduled', 'publishing');