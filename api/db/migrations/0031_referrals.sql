CREATE TABLE "account_credits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"referral_id" integer,
	"applied_invoice_id" integer,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_credits_amount_ck" CHECK ("account_credits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referrer_id" integer NOT NULL,
	"email" text NOT NULL,
	"friend_user_id" integer,
	"invited_at" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"qualified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self_ck" CHECK ("referrals"."friend_user_id" IS NULL OR "referrals"."friend_user_id" <> "referrals"."referrer_id")
);
--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_applied_invoice_id_invoices_id_fk" FOREIGN KEY ("applied_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_user_id_users_id_fk" FOREIGN KEY ("friend_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_credits_key_uq" ON "account_credits" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "account_credits_user_idx" ON "account_credits" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referrer_email_uq" ON "referrals" USING btree ("referrer_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_friend_uq" ON "referrals" USING btree ("friend_user_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","id");--> statement-breakpoint
CREATE INDEX "patients_referral_code_idx" ON "patients" USING btree ("referral_code");