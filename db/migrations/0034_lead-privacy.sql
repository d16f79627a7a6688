ALTER TABLE "users" ADD COLUMN "lead_retention_months" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_text" text DEFAULT '' NOT NULL;