CREATE TABLE "home_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"home_id" integer NOT NULL,
	"owner_name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"exclusive" boolean DEFAULT false NOT NULL,
	"document_key" text,
	"document_name" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "incorporation_registry" text;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "developer_name" text;--> statement-breakpoint
ALTER TABLE "home_authorizations" ADD CONSTRAINT "home_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_authorizations" ADD CONSTRAINT "home_authorizations_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_authorizations" ADD CONSTRAINT "home_authorizations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_authorizations_home_idx" ON "home_authorizations" USING btree ("home_id","ends_on");