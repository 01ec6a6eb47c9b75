CREATE SEQUENCE "public"."vendor_setting_versions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "vendor_settings" (
	"vendor" varchar(32) PRIMARY KEY NOT NULL,
	"base_url" text,
	"api_key_sealed" text,
	"key_last4" varchar(4),
	"version" bigint NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
