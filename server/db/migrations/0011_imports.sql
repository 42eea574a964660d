CREATE TABLE "import_files" (
	"import_id" integer NOT NULL,
	"key" varchar(64) NOT NULL,
	"data" "bytea" NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"original_name" varchar(255),
	"thumbnail" "bytea",
	"display" "bytea",
	"sha256" varchar(64) NOT NULL,
	CONSTRAINT "import_files_import_id_key_pk" PRIMARY KEY("import_id","key")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"format" varchar(30) NOT NULL,
	"file_names" text[] NOT NULL,
	"status" varchar(10) DEFAULT 'preview' NOT NULL,
	"source" jsonb,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"added" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "energy_entries" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "maintenance" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "modifications" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "odometer_readings" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "record_images" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "service_schedules" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "vehicle_images" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_user_id_idx" ON "imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "imports_preview_created_at_idx" ON "imports" USING btree ("created_at") WHERE "imports"."status" = 'preview';--> statement-breakpoint
CREATE INDEX "documents_import_id_idx" ON "documents" USING btree ("import_id") WHERE "documents"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "energy_entries_import_id_idx" ON "energy_entries" USING btree ("import_id") WHERE "energy_entries"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "maintenance_import_id_idx" ON "maintenance" USING btree ("import_id") WHERE "maintenance"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "modifications_import_id_idx" ON "modifications" USING btree ("import_id") WHERE "modifications"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "odometer_readings_import_id_idx" ON "odometer_readings" USING btree ("import_id") WHERE "odometer_readings"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "record_images_import_id_idx" ON "record_images" USING btree ("import_id") WHERE "record_images"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "repairs_import_id_idx" ON "repairs" USING btree ("import_id") WHERE "repairs"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "service_schedules_import_id_idx" ON "service_schedules" USING btree ("import_id") WHERE "service_schedules"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "vehicle_images_import_id_idx" ON "vehicle_images" USING btree ("import_id") WHERE "vehicle_images"."import_id" is not null;--> statement-breakpoint
CREATE INDEX "vehicles_import_id_idx" ON "vehicles" USING btree ("import_id") WHERE "vehicles"."import_id" is not null;--> statement-breakpoint
-- Decision 053: the list of a user's imports is the user's data too.
CREATE CONSTRAINT TRIGGER imports_data_version AFTER INSERT OR UPDATE OR DELETE ON imports DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_data_version();
