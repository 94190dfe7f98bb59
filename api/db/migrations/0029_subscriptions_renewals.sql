CREATE TABLE "subscription_renewals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_renewals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"blocker" text,
	"declines" smallint DEFAULT 0 NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"first_declined_at" timestamp with time zone,
	"next_retry_at" timestamp with time zone,
	"decline_code" text,
	"invoice_id" integer,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_note" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "retention_offer_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "resume_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "past_due_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_renewals_period_uq" ON "subscription_renewals" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "subscription_renewals_retry_idx" ON "subscription_renewals" USING btree ("next_retry_at","id") WHERE "subscription_renewals"."status" = 'declined';--> statement-breakpoint
CREATE INDEX "subscription_renewals_patient_idx" ON "subscription_renewals" USING btree ("patient_id","id");--> statement-breakpoint
CREATE INDEX "subscriptions_upcoming_idx" ON "subscriptions" USING btree ("next_charge_at","id") WHERE "subscriptions"."status" in (0, 1);--> statement-breakpoint
CREATE INDEX "subscriptions_past_due_idx" ON "subscriptions" USING btree ("past_due_since","id") WHERE "subscriptions"."past_due_since" is not null;