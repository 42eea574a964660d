CREATE TABLE "user_data_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_data_versions" ADD CONSTRAINT "user_data_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Decision 053: a transaction that writes a user's data raises that user's version once, as it
-- commits (deferred triggers: the version's row is locked last, after every lock the
-- transaction took, so it never orders against another lock). A user being deleted has none.
CREATE FUNCTION raise_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner integer;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    owner := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    owner := OLD.user_id;
  ELSE
    owner := NEW.user_id;
  END IF;
  IF owner IS NULL THEN RETURN NULL; END IF;
  -- Once per user and transaction, however many rows it wrote.
  IF current_setting('garage_ledger.raised_' || owner, true) IS DISTINCT FROM '1' THEN
    INSERT INTO user_data_versions (user_id, version)
      SELECT owner, 1 WHERE EXISTS (SELECT 1 FROM users WHERE id = owner)
      ON CONFLICT (user_id) DO UPDATE SET version = user_data_versions.version + 1;
    PERFORM set_config('garage_ledger.raised_' || owner, '1', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The user's own row (names, units, theme, plan) is the user's data too.
CREATE CONSTRAINT TRIGGER users_data_version AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vehicles_data_version AFTER INSERT OR UPDATE OR DELETE ON vehicles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vehicle_images_data_version AFTER INSERT OR UPDATE OR DELETE ON vehicle_images DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER maintenance_data_version AFTER INSERT OR UPDATE OR DELETE ON maintenance DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER repairs_data_version AFTER INSERT OR UPDATE OR DELETE ON repairs DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER modifications_data_version AFTER INSERT OR UPDATE OR DELETE ON modifications DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER record_images_data_version AFTER INSERT OR UPDATE OR DELETE ON record_images DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER documents_data_version AFTER INSERT OR UPDATE OR DELETE ON documents DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER binary_files_data_version AFTER INSERT OR UPDATE OR DELETE ON binary_files DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER energy_entries_data_version AFTER INSERT OR UPDATE OR DELETE ON energy_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER odometer_readings_data_version AFTER INSERT OR UPDATE OR DELETE ON odometer_readings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
