-- Decision 066 (D52): the user's time zone moves from their notification settings to the user,
-- where every "today" judged for them reads it. A user who saved notification settings keeps the
-- zone they saved; everyone else starts on UTC, as their reminders were judged until now.
ALTER TABLE "users" ADD COLUMN "time_zone" varchar(64) DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
UPDATE "users" SET "time_zone" = "notification_settings"."time_zone" FROM "notification_settings" WHERE "notification_settings"."user_id" = "users"."id";--> statement-breakpoint
ALTER TABLE "notification_settings" DROP COLUMN "time_zone";
