DROP INDEX "email_codes_email_created_idx";--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "purpose" text DEFAULT 'confirm_account' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_codes_email_purpose_created_idx" ON "email_codes" USING btree ("email","purpose","created_at");--> statement-breakpoint
CREATE INDEX "email_codes_user_purpose_created_idx" ON "email_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_purpose_check" CHECK ("email_codes"."purpose" in ('confirm_account', 'reset_password', 'change_email', 'reauthenticate'));