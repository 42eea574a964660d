CREATE TABLE "calendar_tokens" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"sent_key" text NOT NULL,
	"event_id" integer,
	"channel" varchar(10) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"message" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email_enabled" boolean DEFAULT false NOT NULL,
	"ntfy_url" text,
	"ntfy_token" text,
	"webhook_url" text,
	"webhook_secret" text,
	"notify_due_soon" boolean DEFAULT true NOT NULL,
	"notify_overdue" boolean DEFAULT true NOT NULL,
	"weekly_digest" boolean DEFAULT false NOT NULL,
	"due_soon_days" integer DEFAULT 14 NOT NULL,
	"due_soon_distance" integer DEFAULT 500 NOT NULL,
	"time_zone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"unsubscribe_key" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_checks" (
	"vehicle_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"check_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminder_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminder_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"item_type" varchar(20) NOT NULL,
	"item_id" integer NOT NULL,
	"occurrence" integer NOT NULL,
	"state" varchar(10) NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"category" varchar(200) NOT NULL,
	"interval_months" integer,
	"interval_distance" integer,
	"first_due_date" date,
	"first_due_odometer" numeric(9, 1),
	"last_done_date" date,
	"last_done_odometer" numeric(9, 1),
	"fixed_intervals" boolean DEFAULT false NOT NULL,
	"previous_due_date" date,
	"previous_due_odometer" numeric(9, 1),
	"occurrence" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance" ADD COLUMN "schedule_id" integer;--> statement-breakpoint
ALTER TABLE "calendar_tokens" ADD CONSTRAINT "calendar_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_event_id_reminder_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."reminder_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_checks" ADD CONSTRAINT "reminder_checks_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_checks" ADD CONSTRAINT "reminder_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_events" ADD CONSTRAINT "reminder_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_events" ADD CONSTRAINT "reminder_events_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_schedules" ADD CONSTRAINT "service_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_schedules" ADD CONSTRAINT "service_schedules_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_tokens_token_hash_key" ON "calendar_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_sent_key" ON "notification_deliveries" USING btree ("sent_key");--> statement-breakpoint
CREATE INDEX "notification_deliveries_user_id_idx" ON "notification_deliveries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reminder_checks_check_at_idx" ON "reminder_checks" USING btree ("check_at") WHERE "reminder_checks"."check_at" is not null;--> statement-breakpoint
CREATE INDEX "reminder_checks_user_id_idx" ON "reminder_checks" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_events_item_key" ON "reminder_events" USING btree ("item_type","item_id","occurrence","state");--> statement-breakpoint
CREATE INDEX "reminder_events_user_id_idx" ON "reminder_events" USING btree ("user_id","seen_at");--> statement-breakpoint
CREATE INDEX "service_schedules_user_id_idx" ON "service_schedules" USING btree ("user_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "service_schedules_vehicle_id_idx" ON "service_schedules" USING btree ("vehicle_id");--> statement-breakpoint
ALTER TABLE "maintenance" ADD CONSTRAINT "maintenance_schedule_id_service_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."service_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_schedule_id_idx" ON "maintenance" USING btree ("schedule_id") WHERE "maintenance"."schedule_id" is not null;--> statement-breakpoint
-- Decision 053: the new tables of the user's data. Reminder checks and events are the scan's own
-- bookkeeping and reset tokens are sign-in's; none of them changes an answer.
CREATE CONSTRAINT TRIGGER service_schedules_data_version AFTER INSERT OR UPDATE OR DELETE ON service_schedules DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER notification_settings_data_version AFTER INSERT OR UPDATE OR DELETE ON notification_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER notification_deliveries_data_version AFTER INSERT OR UPDATE OR DELETE ON notification_deliveries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER calendar_tokens_data_version AFTER INSERT OR UPDATE OR DELETE ON calendar_tokens DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
--> statement-breakpoint
-- Decision 054: a write that can change when a vehicle's reminders fall due asks for the
-- vehicle to be looked at now; once per vehicle and transaction, at commit (a vehicle deleted in
-- the same transaction is skipped).
CREATE FUNCTION request_reminder_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  vehicle integer;
BEGIN
  IF TG_TABLE_NAME = 'vehicles' THEN
    vehicle := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    vehicle := OLD.vehicle_id;
  ELSE
    vehicle := NEW.vehicle_id;
  END IF;
  IF vehicle IS NULL THEN RETURN NULL; END IF;
  IF current_setting('garage_ledger.check_' || vehicle, true) IS DISTINCT FROM '1' THEN
    INSERT INTO reminder_checks (vehicle_id, user_id, check_at)
      SELECT v.id, v.user_id, now() FROM vehicles v WHERE v.id = vehicle
      ON CONFLICT (vehicle_id) DO UPDATE SET check_at = now();
    PERFORM set_config('garage_ledger.check_' || vehicle, '1', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vehicles_reminder_check AFTER INSERT OR UPDATE ON vehicles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION request_reminder_check();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER service_schedules_reminder_check AFTER INSERT OR UPDATE OR DELETE ON service_schedules DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION request_reminder_check();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER maintenance_reminder_check AFTER INSERT OR UPDATE OR DELETE ON maintenance DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION request_reminder_check();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER odometer_readings_reminder_check AFTER INSERT OR UPDATE OR DELETE ON odometer_readings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION request_reminder_check();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER repairs_reminder_check AFTER INSERT OR UPDATE OR DELETE ON repairs DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION request_reminder_check();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER modifications_reminder_check AFTER INSERT OR UPDATE OR DELETE ON modifications DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION request_reminder_check();
--> statement-breakpoint
-- The vehicles there already are looked at once by the first scan.
INSERT INTO reminder_checks (vehicle_id, user_id, check_at) SELECT id, user_id, now() FROM vehicles;
