CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_by" uuid,
	"home_id" integer NOT NULL,
	"template" text DEFAULT 'reel' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"options" jsonb NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"subtitles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_ms" integer,
	"byte_size" integer,
	"storage_key" text,
	"cover_key" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"reel_status" text,
	"reel_publish_at" timestamp with time zone,
	"reel_account_id" integer,
	"reel_scheduled_by" uuid,
	"reel_error" text,
	"reel_external_id" text,
	"reel_permalink" text,
	"reel_published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_reel_account_id_social_accounts_id_fk" FOREIGN KEY ("reel_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_reel_scheduled_by_users_id_fk" FOREIGN KEY ("reel_scheduled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_user_idx" ON "videos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_status_idx" ON "videos" USING btree ("status");