-- Issue 63: the agency's default collaborator on its pieces.
ALTER TABLE "users" ADD COLUMN "default_collaborator" text;
