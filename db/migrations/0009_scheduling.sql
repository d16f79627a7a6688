CREATE TABLE "social_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"external_id" text,
	"token_sealed" text,
	"expires_at" timestamp with time zone,
	"reconnect_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "social_account_id" integer;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "status" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "caption" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "slides" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "alt_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "ratio" text DEFAULT 'original' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "fit" text DEFAULT 'cover' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "permalink" text;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "progress" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_accounts_user_idx" ON "social_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_one_outbox" ON "social_accounts" USING btree ("user_id") WHERE provider = 'outbox';--> statement-breakpoint
ALTER TABLE "scheduled_publications" ADD CONSTRAINT "scheduled_publications_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_publications_user_idx" ON "scheduled_publications" USING btree ("user_id","publish_at");