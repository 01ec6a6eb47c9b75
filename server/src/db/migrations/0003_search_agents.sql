CREATE TABLE "agent_collects" (
	"user_id" bigint NOT NULL,
	"sn" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_collects_user_id_sn_pk" PRIMARY KEY("user_id","sn")
);
--> statement-breakpoint
CREATE TABLE "agent_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"agent_id" varchar(64) NOT NULL,
	"conversation_id" varchar(64) NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppt_tasks" (
	"task_id" varchar(40) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"template_id" varchar(32) NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"file_path" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_models" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"model_id" varchar(128) NOT NULL,
	"namespace" varchar(64) NOT NULL,
	"functions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"consume_points" integer DEFAULT 0 NOT NULL,
	"only_points" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"company" varchar(64) NOT NULL,
	"api_url" text NOT NULL,
	"api_key_enc" text NOT NULL,
	"key_hint" varchar(32) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_model_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shared_model_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"model_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"content" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_model_likes" (
	"model_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_model_likes_model_id_user_id_pk" PRIMARY KEY("model_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "shared_model_reports" (
	"model_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_model_reports_model_id_user_id_pk" PRIMARY KEY("model_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "shared_models" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shared_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1),
	"user_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"api_url" text NOT NULL,
	"model_id" varchar(128) NOT NULL,
	"functions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"adds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_agents" (
	"sn" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"classify" varchar(32) DEFAULT '' NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"model" varchar(64) NOT NULL,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_models" ADD CONSTRAINT "service_models_company_id_service_providers_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_model_comments" ADD CONSTRAINT "shared_model_comments_model_id_shared_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."shared_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_model_likes" ADD CONSTRAINT "shared_model_likes_model_id_shared_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."shared_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_model_reports" ADD CONSTRAINT "shared_model_reports_model_id_shared_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."shared_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_records_conv_idx" ON "agent_records" USING btree ("user_id","conversation_id");--> statement-breakpoint
CREATE INDEX "agent_records_user_idx" ON "agent_records" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "ppt_tasks_user_idx" ON "ppt_tasks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "service_models_user_idx" ON "service_models" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_providers_user_company_idx" ON "service_providers" USING btree ("user_id","company");--> statement-breakpoint
CREATE INDEX "shared_model_comments_model_idx" ON "shared_model_comments" USING btree ("model_id","created_at");--> statement-breakpoint
CREATE INDEX "shared_models_status_idx" ON "shared_models" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shared_models_user_idx" ON "shared_models" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_agents_user_idx" ON "user_agents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_agents_public_idx" ON "user_agents" USING btree ("is_public","status","created_at");