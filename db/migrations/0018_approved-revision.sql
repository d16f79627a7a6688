ALTER TABLE "posts" ADD COLUMN "approved_revision" integer;--> statement-breakpoint
UPDATE "posts" SET "approved_revision" = "revision" WHERE "approval_status" = 'approved';--> statement-breakpoint
-- A double submission made before the index: the later copies still waiting are dropped.
DELETE FROM "scheduled_publications" later USING "scheduled_publications" earlier
WHERE later."post_id" = earlier."post_id" AND later."social_account_id" = earlier."social_account_id"
  AND later."publish_at" = earlier."publish_at" AND later."id" > earlier."id"
  AND later."status" = 'scheduled' AND earlier."status" in ('scheduled', 'publishing');--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_publications_once_idx" ON "scheduled_publications" USING btree ("post_id","social_account_id","publish_at") WHERE "scheduled_publications"."status" in ('scheduled', 'publishing');--> statement-breakpoint
-- Published = approved (ADR 237): whatever statement changes a post's words, slides or design
-- makes a new revision, and an approved post goes back to approval. Done here so that no edit
-- path (the editor, the suggested titles, a regeneration, a path written later) can forget it.
CREATE FUNCTION "posts_new_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."description" IS DISTINCT FROM OLD."description"
    OR NEW."meta"->'slides' IS DISTINCT FROM OLD."meta"->'slides'
    OR NEW."home_id" IS DISTINCT FROM OLD."home_id"
    OR NEW."template_id" IS DISTINCT FROM OLD."template_id"
    OR NEW."template" IS DISTINCT FROM OLD."template"
    OR NEW."format" IS DISTINCT FROM OLD."format" THEN
    IF NEW."revision" = OLD."revision" THEN
      NEW."revision" := OLD."revision" + 1;
    END IF;
    IF NEW."approval_status" = 'approved' THEN
      NEW."approval_status" := 'pending';
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "posts_new_revision" BEFORE UPDATE ON "posts" FOR EACH ROW EXECUTE FUNCTION "posts_new_revision"();
