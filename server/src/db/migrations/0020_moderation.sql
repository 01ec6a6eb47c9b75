ALTER TABLE "message_reports" ADD COLUMN "status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_reports" ADD COLUMN "handled_by" bigint;--> statement-breakpoint
ALTER TABLE "message_reports" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_reports" ADD COLUMN "handle_note" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "review_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "reviewed_by" bigint;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shared_model_reports" ADD COLUMN "status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_model_reports" ADD COLUMN "handled_by" bigint;--> statement-breakpoint
ALTER TABLE "shared_model_reports" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "img_publishes" ADD COLUMN "takedown_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "message_reports_status_idx" ON "message_reports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "shared_model_reports_status_idx" ON "shared_model_reports" USING btree ("status","created_at");