ALTER TABLE "shared_models" ADD COLUMN "takedown_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "img_publishes" ADD COLUMN "restored_at" timestamp with time zone;