CREATE TABLE "month_client_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"home_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "month_pieces" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"home_id" integer,
	"template_slug" text,
	"composition" text NOT NULL,
	"occasion" text,
	"publish_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"post_id" integer,
	"video_id" integer,
	"edits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"publication_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "month_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_by" uuid,
	"start_date" text NOT NULL,
	"days" integer NOT NULL,
	"rhythm_id" text NOT NULL,
	"rhythm" jsonb NOT NULL,
	"home_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'drafting' NOT NULL,
	"notified_at" timestamp with time zone,
	"autopilot" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "month_client_links" ADD CONSTRAINT "month_client_links_plan_id_month_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."month_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_client_links" ADD CONSTRAINT "month_client_links_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_client_links" ADD CONSTRAINT "month_client_links_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_pieces" ADD CONSTRAINT "month_pieces_plan_id_month_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."month_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_pieces" ADD CONSTRAINT "month_pieces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_pieces" ADD CONSTRAINT "month_pieces_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_pieces" ADD CONSTRAINT "month_pieces_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_pieces" ADD CONSTRAINT "month_pieces_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_pieces" ADD CONSTRAINT "month_pieces_publication_id_scheduled_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."scheduled_publications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_plans" ADD CONSTRAINT "month_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_plans" ADD CONSTRAINT "month_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "month_client_links_token_idx" ON "month_client_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "month_client_links_plan_idx" ON "month_client_links" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "month_pieces_plan_idx" ON "month_pieces" USING btree ("plan_id","publish_at");--> statement-breakpoint
CREATE INDEX "month_pieces_status_idx" ON "month_pieces" USING btree ("status");--> statement-breakpoint
CREATE INDEX "month_plans_user_idx" ON "month_plans" USING btree ("user_id","created_at");