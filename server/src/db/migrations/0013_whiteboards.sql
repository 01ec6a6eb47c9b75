CREATE TABLE "whiteboards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whiteboards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1),
	"user_id" bigint NOT NULL,
	"title" varchar(64) NOT NULL,
	"scene" text DEFAULT '' NOT NULL,
	"scene_bytes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "whiteboards_user_idx" ON "whiteboards" USING btree ("user_id","updated_at");