CREATE TABLE "energy_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "energy_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"date" date NOT NULL,
	"odometer" numeric(9, 1),
	"energy" varchar(20) NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit" varchar(10) NOT NULL,
	"canonical_quantity" numeric(16, 6) NOT NULL,
	"unit_price" numeric(12, 3) NOT NULL,
	"total_cost" numeric(12, 2) NOT NULL,
	"is_full" boolean DEFAULT true NOT NULL,
	"missed_previous" boolean DEFAULT false NOT NULL,
	"place" varchar(200),
	"notes" text,
	"file_url" text,
	"image_url" text,
	"charger_kind" varchar(10),
	"soc_start" integer,
	"soc_end" integer,
	"battery_kwh" numeric(12, 3),
	"distance_on_energy" numeric(9, 1),
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "odometer_readings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "odometer_readings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"date" date NOT NULL,
	"odometer" numeric(9, 1) NOT NULL,
	"source" varchar(10) NOT NULL,
	"energy_entry_id" integer,
	"record_type" varchar(20),
	"record_id" integer,
	"is_confirmed" boolean DEFAULT false NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "maintenance" ADD COLUMN "odometer" numeric(9, 1);--> statement-breakpoint
ALTER TABLE "modifications" ADD COLUMN "odometer" numeric(9, 1);--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "odometer" numeric(9, 1);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "distance_unit" varchar(2) DEFAULT 'mi' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "volume_unit" varchar(10) DEFAULT 'galUS' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "economy_format" varchar(10) DEFAULT 'mpgUS' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "electric_format" varchar(10) DEFAULT 'mi/kWh' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "currency" varchar(3) DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "energies" text[] DEFAULT '{gasoline}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "auxiliary" varchar(20);--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "tank_capacity" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "battery_capacity" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "odometer_unit" varchar(2) DEFAULT 'mi' NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_entries" ADD CONSTRAINT "energy_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_entries" ADD CONSTRAINT "energy_entries_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odometer_readings" ADD CONSTRAINT "odometer_readings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odometer_readings" ADD CONSTRAINT "odometer_readings_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "odometer_readings" ADD CONSTRAINT "odometer_readings_energy_entry_id_energy_entries_id_fk" FOREIGN KEY ("energy_entry_id") REFERENCES "public"."energy_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "energy_entries_vehicle_date_idx" ON "energy_entries" USING btree ("vehicle_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "energy_entries_user_id_idx" ON "energy_entries" USING btree ("user_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "odometer_readings_vehicle_date_idx" ON "odometer_readings" USING btree ("vehicle_id","date","id");--> statement-breakpoint
CREATE INDEX "odometer_readings_user_id_idx" ON "odometer_readings" USING btree ("user_id","vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "odometer_readings_energy_entry_key" ON "odometer_readings" USING btree ("energy_entry_id") WHERE "odometer_readings"."energy_entry_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "odometer_readings_record_key" ON "odometer_readings" USING btree ("record_type","record_id") WHERE "odometer_readings"."record_id" is not null;--> statement-breakpoint
-- Decision 050: a vehicle's mileage is its current odometer reading from now on. The mileage each
-- vehicle already has becomes its first reading, dated the day the vehicle was added (when it was
-- most likely typed), so that the readings logged next follow it.
INSERT INTO "odometer_readings" ("user_id", "vehicle_id", "date", "odometer", "source")
SELECT "user_id", "id", ("added_at" AT TIME ZONE 'UTC')::date, "mileage", 'manual'
FROM "vehicles" WHERE "mileage" IS NOT NULL;
