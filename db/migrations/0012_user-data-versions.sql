CREATE TABLE "user_data_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_data_versions" ADD CONSTRAINT "user_data_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ADR 201: every statement that writes a person's users, homes or subscriptions rows moves that
-- person's version once, in the same transaction. A statement-level trigger sees the rows it
-- wrote in its transition tables; a bulk write (a feed sync of a thousand listings) moves it once.
-- A row whose person is gone (an account being deleted) moves nothing.
CREATE FUNCTION "bump_user_data_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	owner text := TG_ARGV[0];
	owners text := CASE TG_OP
		WHEN 'INSERT' THEN format('SELECT %I AS id FROM new_rows', owner)
		WHEN 'DELETE' THEN format('SELECT %I AS id FROM old_rows', owner)
		ELSE format('SELECT %1$I AS id FROM new_rows UNION SELECT %1$I FROM old_rows', owner)
	END;
BEGIN
	EXECUTE 'INSERT INTO "user_data_versions" AS v ("user_id") '
		|| 'SELECT DISTINCT c.id FROM (' || owners || ') c JOIN "users" u ON u.id = c.id '
		|| 'ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1';
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_version_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_versions"('id');--> statement-breakpoint
CREATE TRIGGER "users_version_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_versions"('id');--> statement-breakpoint
CREATE TRIGGER "homes_version_insert" AFTER INSERT ON "homes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_versions"('user_id');--> statement-breakpoint
CREATE TRIGGER "homes_version_update" AFTER UPDATE ON "homes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_versions"('user_id');--> statement-breakpoint
CREATE TRIGGER "homes_version_delete" AFTER DELETE ON "homes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_versions"('user_id');--> statement-breakpoint
CREATE TRIGGER "subscriptions_version_insert" AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_versions"('user_id');--> statement-breakpoint
CREATE TRIGGER "subscriptions_version_update" AFTER UPDATE ON "subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_versions"('user_id');--> statement-breakpoint
CREATE TRIGGER "subscriptions_version_delete" AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_data_versions"('user_id');
