CREATE TABLE "img_publish_likes" (
	"publish_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "img_publish_likes_publish_id_user_id_pk" PRIMARY KEY("publish_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "img_publish_reports" (
	"publish_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"reason" varchar(16) NOT NULL,
	"detail" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "img_publish_reports_publish_id_user_id_pk" PRIMARY KEY("publish_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "img_publishes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "img_publishes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1),
	"user_id" bigint NOT NULL,
	"task_id" varchar(32) NOT NULL,
	"tool_id" varchar(64) NOT NULL,
	"file_id" varchar(64) NOT NULL,
	"title" varchar(64) NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "img_publishes_task_id_unique" UNIQUE("task_id")
);
--> statement-breakpoint
ALTER TABLE "img_publish_likes" ADD CONSTRAINT "img_publish_likes_publish_id_img_publishes_id_fk" FOREIGN KEY ("publish_id") REFERENCES "public"."img_publishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "img_publish_reports" ADD CONSTRAINT "img_publish_reports_publish_id_img_publishes_id_fk" FOREIGN KEY ("publish_id") REFERENCES "public"."img_publishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "img_publishes" ADD CONSTRAINT "img_publishes_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "img_publishes_status_idx" ON "img_publishes" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "img_publishes_user_idx" ON "img_publishes" USING btree ("user_id");