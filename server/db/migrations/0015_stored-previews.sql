ALTER TABLE "imports" ADD COLUMN "preview" jsonb;--> statement-breakpoint
-- Applied imports kept their preview inside `source`; it moves to its own column, and the rest goes.
UPDATE "imports" SET "preview" = "source" -> 'preview', "source" = NULL WHERE "status" <> 'preview' AND "source" ? 'preview';
