-- The tokens made before this migration have a link derived from their code (sha224 of the
-- address and the code): they end here, and a new e-mail brings a random link and a code.
DELETE FROM "auth_one_time_tokens";--> statement-breakpoint
ALTER TABLE "auth_mfa_challenges" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_one_time_tokens" ADD COLUMN "code_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_one_time_tokens" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;
