CREATE TABLE "media_kits" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"home_id" integer NOT NULL,
	"pieces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_phone" boolean DEFAULT true NOT NULL,
	"writer" text DEFAULT 'offline' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_kits_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "media_kits" ADD CONSTRAINT "media_kits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_kits" ADD CONSTRAINT "media_kits_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_kits_user_idx" ON "media_kits" USING btree ("user_id","created_at");