CREATE TABLE "doc_chunks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"doc_id" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"page" integer,
	"section" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"tokens" text NOT NULL,
	"embedding" real[]
);
--> statement-breakpoint
CREATE TABLE "doc_files" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" varchar(255) NOT NULL,
	"ext" varchar(8) NOT NULL,
	"bytes" bigint NOT NULL,
	"file_id" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'indexing' NOT NULL,
	"task_id" varchar(64),
	"error" text,
	"sections" integer DEFAULT 0 NOT NULL,
	"chunks" integer DEFAULT 0 NOT NULL,
	"chars" integer DEFAULT 0 NOT NULL,
	"embedding_model" varchar(128) DEFAULT '' NOT NULL,
	"overview" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "doc_chunks_doc_idx" ON "doc_chunks" USING btree ("doc_id","seq");--> statement-breakpoint
CREATE INDEX "doc_chunks_fts_idx" ON "doc_chunks" USING gin (to_tsvector('simple', "tokens"));--> statement-breakpoint
CREATE INDEX "doc_files_user_idx" ON "doc_files" USING btree ("user_id","created_at");