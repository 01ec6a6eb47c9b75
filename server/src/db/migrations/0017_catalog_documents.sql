CREATE SEQUENCE "public"."catalog_document_versions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "catalog_documents" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"content" jsonb,
	"version" bigint NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
