CREATE TABLE "card_batches" (
	"batch" varchar(32) PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"count" integer NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cash_orders" ADD COLUMN "transfer_ref" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD COLUMN "refuse_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_orders" ADD COLUMN "reviewed_by" bigint;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "refunded_by" bigint;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "refund_reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vip_cards" ADD COLUMN "voided_at" timestamp with time zone;