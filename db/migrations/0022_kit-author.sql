ALTER TABLE "media_kits" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "media_kits" ADD CONSTRAINT "media_kits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- ADR 260: a kit made before this was made by its account's owner.
UPDATE "media_kits" SET "created_by" = "user_id" WHERE "created_by" IS NULL;
