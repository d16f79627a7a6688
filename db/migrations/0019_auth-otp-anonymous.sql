ALTER TABLE "auth_users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "is_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "reauthentication_sent_at" timestamp with time zone;