CREATE TABLE "tasks" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"tool_id" varchar(64) NOT NULL,
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text DEFAULT '' NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"vendor" jsonb,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"hold" jsonb,
	"lease_owner" varchar(128),
	"lease_until" timestamp with time zone,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "tasks_claim_idx" ON "tasks" USING btree ("state","run_after");--> statement-breakpoint
CREATE INDEX "tasks_user_tool_idx" ON "tasks" USING btree ("user_id","tool_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_live_deadline_idx" ON "tasks" USING btree ("deadline") WHERE state IN ('queued', 'running');