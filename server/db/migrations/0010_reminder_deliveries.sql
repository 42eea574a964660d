ALTER TABLE "notification_deliveries" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "digest_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notification_deliveries_pending_idx" ON "notification_deliveries" USING btree ("next_attempt_at") WHERE "notification_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "notification_settings_unsubscribe_key" ON "notification_settings" USING btree ("unsubscribe_key");--> statement-breakpoint
CREATE INDEX "notification_settings_digest_due_at_idx" ON "notification_settings" USING btree ("digest_due_at") WHERE "notification_settings"."weekly_digest";