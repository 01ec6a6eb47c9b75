CREATE TABLE "files" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"thumb_key" text,
	"name" varchar(255) NOT NULL,
	"content_type" varchar(128) NOT NULL,
	"bytes" bigint NOT NULL,
	"purpose" varchar(32) NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "file_id" varchar(32);--> statement-breakpoint
ALTER TABLE "ppt_tasks" ADD COLUMN "file_id" varchar(32);--> statement-breakpoint
CREATE INDEX "files_user_idx" ON "files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "files_expires_idx" ON "files" USING btree ("expires_at");