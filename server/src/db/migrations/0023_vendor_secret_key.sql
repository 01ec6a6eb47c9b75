ALTER TABLE "vendor_settings" ADD COLUMN "secret_key_sealed" text;--> statement-breakpoint
ALTER TABLE "vendor_settings" ADD COLUMN "secret_last4" varchar(4);