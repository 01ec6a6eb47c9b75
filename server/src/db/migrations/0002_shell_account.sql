CREATE TABLE "cash_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"money_cents" integer NOT NULL,
	"casher" varchar(64) NOT NULL,
	"name" varchar(32) NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pay_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" varchar(16) NOT NULL,
	"order_no" varchar(40) DEFAULT '' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_bonus" (
	"user_id" bigint NOT NULL,
	"quota_key" varchar(64) NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quota_bonus_user_id_quota_key_pk" PRIMARY KEY("user_id","quota_key")
);
--> statement-breakpoint
CREATE TABLE "quota_grants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quota_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"quota_key" varchar(64) NOT NULL,
	"amount" integer NOT NULL,
	"reason" varchar(32) NOT NULL,
	"ref" varchar(64) DEFAULT '' NOT NULL,
	"idem_key" varchar(96),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" varchar(40) NOT NULL,
	"user_id" bigint NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" varchar(128) DEFAULT '' NOT NULL,
	"num" integer DEFAULT 1 NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"channel" varchar(32) DEFAULT '' NOT NULL,
	"app_channel" varchar(32) DEFAULT 'web' NOT NULL,
	"coupon_id" varchar(64) DEFAULT '' NOT NULL,
	"invite_code" varchar(16) DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"grant" text DEFAULT '{}' NOT NULL,
	"trade_no" varchar(64) DEFAULT '' NOT NULL,
	"pay_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"day" varchar(10) NOT NULL,
	"week_start" varchar(10) NOT NULL,
	"streak" integer NOT NULL,
	"reward" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_cards" (
	"code" varchar(32) PRIMARY KEY NOT NULL,
	"batch" varchar(32) DEFAULT '' NOT NULL,
	"shop_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"used_by" bigint,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"delta_cents" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" varchar(32) NOT NULL,
	"ref" varchar(64) DEFAULT '' NOT NULL,
	"idem_key" varchar(96),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_identities" (
	"openid" varchar(64) PRIMARY KEY NOT NULL,
	"unionid" varchar(64),
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invite_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wallet_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "cash_orders_user_idx" ON "cash_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_tokens_hash_uq" ON "device_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "device_tokens_user_idx" ON "device_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pay_notifications_order_idx" ON "pay_notifications" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "quota_grants_user_idx" ON "quota_grants" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_grants_idem_uq" ON "quota_grants" USING btree ("idem_key") WHERE "quota_grants"."idem_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_no_uq" ON "shop_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "shop_orders_user_idx" ON "shop_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_orders_pending_idx" ON "shop_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signins_user_day_uq" ON "signins" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "signins_user_week_idx" ON "signins" USING btree ("user_id","week_start");--> statement-breakpoint
CREATE INDEX "vip_cards_batch_idx" ON "vip_cards" USING btree ("batch");--> statement-breakpoint
CREATE INDEX "wallet_ledger_user_idx" ON "wallet_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_idem_uq" ON "wallet_ledger" USING btree ("idem_key") WHERE "wallet_ledger"."idem_key" is not null;--> statement-breakpoint
CREATE INDEX "wechat_identities_user_idx" ON "wechat_identities" USING btree ("user_id");