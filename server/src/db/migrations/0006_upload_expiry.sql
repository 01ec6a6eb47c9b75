ALTER TABLE "uploads" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_expires_idx" ON "uploads" USING btree ("expires_at");--> statement-breakpoint
-- Uploads from before retention existed get the default retention of members (30 days from upload): no one's file vanishes at once.
UPDATE "uploads" SET "expires_at" = "created_at" + interval '30 days' WHERE "expires_at" IS NULL;
