CREATE TABLE "voice_clones" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" varchar(32) NOT NULL,
	"vendor" varchar(16) NOT NULL,
	"vendor_voice_id" varchar(128) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"task_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "voice_clones_user_idx" ON "voice_clones" USING btree ("user_id","created_at");