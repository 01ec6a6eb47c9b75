CREATE TABLE "chat_group_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_group_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"group_id" varchar(64) NOT NULL,
	"message_id" varchar(64) DEFAULT '' NOT NULL,
	"model" varchar(64) DEFAULT '' NOT NULL,
	"score" smallint DEFAULT 0 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_group_messages" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_group_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"group_id" varchar(64) NOT NULL,
	"id" varchar(64) NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"model" varchar(64) DEFAULT '' NOT NULL,
	"role" varchar(16) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"reasoning" text DEFAULT '' NOT NULL,
	"state" varchar(8) DEFAULT 'ok' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_groups" (
	"user_id" bigint NOT NULL,
	"id" varchar(64) NOT NULL,
	"title" varchar(100) DEFAULT '新的聊天' NOT NULL,
	"models" jsonb NOT NULL,
	"multi_turn" boolean DEFAULT false NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_groups_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "message_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"message_id" varchar(64) NOT NULL,
	"conversation_id" varchar(64) DEFAULT '' NOT NULL,
	"model" varchar(64) DEFAULT '' NOT NULL,
	"category" smallint NOT NULL,
	"reason" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_votes" (
	"user_id" bigint NOT NULL,
	"message_id" varchar(64) NOT NULL,
	"model" varchar(64) DEFAULT '' NOT NULL,
	"vote" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_votes_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "personas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "personas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1),
	"user_id" bigint,
	"title" varchar(50) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"emoji" varchar(16) DEFAULT '' NOT NULL,
	"context" jsonb NOT NULL,
	"status" smallint DEFAULT 4 NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(255) NOT NULL,
	"mime" varchar(128) DEFAULT '' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"chars" integer DEFAULT 0 NOT NULL,
	"data" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "idem_key" varchar(96);--> statement-breakpoint
CREATE INDEX "chat_group_comments_group_idx" ON "chat_group_comments" USING btree ("user_id","group_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_group_messages_group_idx" ON "chat_group_messages" USING btree ("user_id","group_id","seq");--> statement-breakpoint
CREATE INDEX "chat_groups_user_updated_idx" ON "chat_groups" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "message_reports_created_idx" ON "message_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "personas_user_idx" ON "personas" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "personas_status_idx" ON "personas" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_idem_uq" ON "points_ledger" USING btree ("idem_key") WHERE "points_ledger"."idem_key" is not null;