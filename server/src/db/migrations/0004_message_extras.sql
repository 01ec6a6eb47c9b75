ALTER TABLE "messages" ADD COLUMN "extras" jsonb;--> statement-breakpoint
ALTER TABLE "user_agents" ADD COLUMN "tools" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- User agents kept their tools inside suggestions behind the U+001F "tool:" marker; move them out.
UPDATE "user_agents" SET
  "tools" = COALESCE((SELECT jsonb_agg(substr(e, 7)) FROM jsonb_array_elements_text("suggestions") AS e WHERE e LIKE E'\x1ftool:%'), '[]'::jsonb),
  "suggestions" = COALESCE((SELECT jsonb_agg(e) FROM jsonb_array_elements_text("suggestions") AS e WHERE e NOT LIKE E'\x1ftool:%'), '[]'::jsonb)
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements_text("suggestions") AS e WHERE e LIKE E'\x1ftool:%');
