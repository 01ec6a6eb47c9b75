CREATE TABLE "tool_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"tool_id" varchar(64) NOT NULL,
	"inputs" jsonb NOT NULL,
	"model" varchar(64) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tool_runs_user_tool_idx" ON "tool_runs" USING btree ("user_id","tool_id","created_at");