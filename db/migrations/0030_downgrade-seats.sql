-- Issue 66, ADR 306: a team larger than its plan's seats. The owner's choice of who keeps
-- access (null until they choose). An account that asked for approval by its team plan's
-- default (no choice of its own) keeps asking after a downgrade or a lapse: the default is
-- written down for every account that is on a team plan or has a team.
ALTER TABLE "account_members" ADD COLUMN "keeps_seat" boolean;--> statement-breakpoint
UPDATE "users" SET "require_approval" = true
WHERE "require_approval" IS NULL
  AND (
    EXISTS (SELECT 1 FROM "account_members" WHERE "account_members"."account_id" = "users"."id")
    OR EXISTS (
      SELECT 1 FROM "subscriptions"
      WHERE "subscriptions"."user_id" = "users"."id"
        AND "subscriptions"."lookup_key" LIKE 'imobiliaria\_%'
        AND "subscriptions"."status" IN ('active', 'trialing', 'past_due')
    )
  );
