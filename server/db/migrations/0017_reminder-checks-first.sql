-- Decision 064: a write asks for its vehicle's next look as it writes, not at commit. At commit
-- it raises the user's data version; a scan holding the vehicle's check row raises the same
-- version when it commits. Asked at commit, after the version, the two waited on each other.
-- Now every transaction takes the check row before the version, and no cycle can form.
DROP TRIGGER vehicles_reminder_check ON vehicles;--> statement-breakpoint
DROP TRIGGER service_schedules_reminder_check ON service_schedules;--> statement-breakpoint
DROP TRIGGER maintenance_reminder_check ON maintenance;--> statement-breakpoint
DROP TRIGGER odometer_readings_reminder_check ON odometer_readings;--> statement-breakpoint
DROP TRIGGER repairs_reminder_check ON repairs;--> statement-breakpoint
DROP TRIGGER modifications_reminder_check ON modifications;--> statement-breakpoint
CREATE TRIGGER vehicles_reminder_check AFTER INSERT OR UPDATE ON vehicles FOR EACH ROW EXECUTE FUNCTION request_reminder_check();--> statement-breakpoint
CREATE TRIGGER service_schedules_reminder_check AFTER INSERT OR UPDATE OR DELETE ON service_schedules FOR EACH ROW EXECUTE FUNCTION request_reminder_check();--> statement-breakpoint
CREATE TRIGGER maintenance_reminder_check AFTER INSERT OR UPDATE OR DELETE ON maintenance FOR EACH ROW EXECUTE FUNCTION request_reminder_check();--> statement-breakpoint
CREATE TRIGGER odometer_readings_reminder_check AFTER INSERT OR UPDATE OR DELETE ON odometer_readings FOR EACH ROW EXECUTE FUNCTION request_reminder_check();--> statement-breakpoint
CREATE TRIGGER repairs_reminder_check AFTER INSERT OR UPDATE OR DELETE ON repairs FOR EACH ROW EXECUTE FUNCTION request_reminder_check();--> statement-breakpoint
CREATE TRIGGER modifications_reminder_check AFTER INSERT OR UPDATE OR DELETE ON modifications FOR EACH ROW EXECUTE FUNCTION request_reminder_check();
