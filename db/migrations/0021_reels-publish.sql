-- Reels publish like posts (ADR 263): a Reel is a scheduled publication of a video, with the
-- posts' lease, attempts, retries and crash recovery; a video gets the revision an approval binds.
ALTER TABLE "scheduled_publications" ALTER COLUMN "post_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "video_id" integer;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD CONSTRAINT "scheduled_publications_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD CONSTRAINT "scheduled_publications_one_piece" CHECK (("scheduled_publications"."post_id" is null) <> ("scheduled_publications"."video_id" is null));--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_publications_reel_once_idx" ON "scheduled_publications" USING btree ("video_id") WHERE "scheduled_publications"."status" in ('scheduled', 'publishing');--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "approved_revision" integer;--> statement-breakpoint
-- The Reels scheduled so far become publications (one left 'publishing' by a stop is taken again);
-- each was scheduled by someone allowed to schedule it unreviewed, so its revision is approved.
INSERT INTO "scheduled_publications" ("user_id", "video_id", "social_account_id", "status", "caption", "publish_at", "published", "external_id", "permalink", "published_at", "error", "created_at", "updated_at")
SELECT "user_id", "id", "reel_account_id",
  CASE WHEN "reel_status" = 'publishing' THEN 'scheduled' ELSE "reel_status" END,
  "caption", coalesce("reel_publish_at", now()), "reel_status" = 'published', "reel_external_id", "reel_permalink",
  "reel_published_at", "reel_error", coalesce("reel_publish_at", now()), now()
FROM "videos" WHERE "reel_status" IS NOT NULL;--> statement-breakpoint
UPDATE "videos" SET "approved_revision" = "revision" WHERE "reel_status" IS NOT NULL;--> statement-breakpoint
-- What a Reel sends is the caption, the MP4 and its cover: a change to any makes a new revision,
-- whatever statement does it (ADR 237's rule for posts, ADR 264 for videos).
CREATE FUNCTION "videos_new_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."caption" IS DISTINCT FROM OLD."caption"
    OR NEW."storage_key" IS DISTINCT FROM OLD."storage_key"
    OR NEW."cover_key" IS DISTINCT FROM OLD."cover_key")
    AND NEW."revision" = OLD."revision" THEN
    NEW."revision" := OLD."revision" + 1;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "videos_new_revision" BEFORE UPDATE ON "videos" FOR EACH ROW EXECUTE FUNCTION "videos_new_revision"();--> statement-breakpoint
ALTER TABLE "videos" DROP CONSTRAINT "videos_reel_account_id_social_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "videos" DROP CONSTRAINT "videos_reel_scheduled_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "videos" DROP COLUMN "reel_status";--> statement-breakpoint
ALTER TABLE "videos" DROP COLUMN "reel_publish_at";--> statement-breakpoint
ALTER TABLE "videos" DROP COLUMN "reel_account_id";--> statement-breakpoint
ALTER TABLE "videos" DROP COLUMN "reel_scheduled_by";--> statement-breakpoint
ALTER TABLE "videos" DROP COLUMN "reel_error";--> statement-breakpoint
ALTER TABLE "videos" DROP COLUMN "reel_external_id";--> statement-breakpoint
ALTER TABLE "videos" DROP COLUMN "reel_permalink";--> statement-breakpoint
ALTER TABLE "videos" DROP COLUMN "reel_published_at";
