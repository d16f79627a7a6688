CREATE TABLE "feed_listings" (
	"integration_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"home_id" integer,
	"hash" text NOT NULL,
	"photos_hash" text NOT NULL,
	"price" bigint,
	"rental_price" bigint,
	"state" text DEFAULT 'active' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photos_state" text DEFAULT 'done' NOT NULL,
	"raw" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_listings_integration_id_external_id_pk" PRIMARY KEY("integration_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "feed_sources" (
	"integration_id" integer PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"format" text,
	"url" text,
	"upload_key" text,
	"automations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"syncing_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_syncs" (
	"id" serial PRIMARY KEY NOT NULL,
	"integration_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"archived" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"drafts" integer DEFAULT 0 NOT NULL,
	"photos" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unknown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text
);
--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feed_listings" ADD CONSTRAINT "feed_listings_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_listings" ADD CONSTRAINT "feed_listings_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_sources" ADD CONSTRAINT "feed_sources_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_sources" ADD CONSTRAINT "feed_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_syncs" ADD CONSTRAINT "feed_syncs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_syncs" ADD CONSTRAINT "feed_syncs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_syncs_integration_idx" ON "feed_syncs" USING btree ("integration_id","started_at");