-- The post's answers (price shown, call to action, cover composition) change what its images show:
-- a change to them is an edit like the caption's, and sends an approved post back to approval
-- (ADR 237).
CREATE OR REPLACE FUNCTION "posts_new_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."description" IS DISTINCT FROM OLD."description"
    OR NEW."meta"->'slides' IS DISTINCT FROM OLD."meta"->'slides'
    OR NEW."meta"->'fields' IS DISTINCT FROM OLD."meta"->'fields'
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
$$;
