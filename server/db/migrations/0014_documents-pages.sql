CREATE INDEX "documents_user_file_date_idx" ON "documents" USING btree ("user_id",coalesce("date", '-infinity'::date) desc,"id" desc) WHERE "documents"."file_url" is not null;--> statement-breakpoint
CREATE INDEX "maintenance_user_file_date_idx" ON "maintenance" USING btree ("user_id",coalesce("date", '-infinity'::date) desc,"id" desc) WHERE "maintenance"."file_url" is not null;--> statement-breakpoint
CREATE INDEX "maintenance_user_image_date_idx" ON "maintenance" USING btree ("user_id",coalesce("date", '-infinity'::date) desc,"id" desc) WHERE "maintenance"."image_url" is not null;--> statement-breakpoint
CREATE INDEX "modifications_user_file_date_idx" ON "modifications" USING btree ("user_id",coalesce("date", '-infinity'::date) desc,"id" desc) WHERE "modifications"."file_url" is not null;--> statement-breakpoint
CREATE INDEX "modifications_user_image_date_idx" ON "modifications" USING btree ("user_id",coalesce("date", '-infinity'::date) desc,"id" desc) WHERE "modifications"."image_url" is not null;--> statement-breakpoint
CREATE INDEX "repairs_user_file_date_idx" ON "repairs" USING btree ("user_id",coalesce("date", '-infinity'::date) desc,"id" desc) WHERE "repairs"."file_url" is not null;--> statement-breakpoint
CREATE INDEX "repairs_user_image_date_idx" ON "repairs" USING btree ("user_id",coalesce("date", '-infinity'::date) desc,"id" desc) WHERE "repairs"."image_url" is not null;--> statement-breakpoint
-- The Documents view's search (decision 057): a stored document's title and notes (what the view
-- shows as its source), each folded by search_fold (migration 0013) and one per line, so that a
-- folded search, which holds no line break, never matches across the two. Kept out of schema.ts,
-- as the records' search_text is, so no whole-row read carries it and no write has to fill it.
ALTER TABLE "documents" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(title) || E'\n' || search_fold(coalesce(notes, ''))) STORED;
