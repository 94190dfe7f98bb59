CREATE TABLE "payout_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"staff_id" integer NOT NULL,
	"number" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"reviews" integer NOT NULL,
	"visits" integer NOT NULL,
	"review_rate_cents" integer NOT NULL,
	"visit_rate_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payout_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_invoices_period_ck" CHECK ("payout_invoices"."period_start" < "payout_invoices"."period_end" and "payout_invoices"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "staff_schedule_days" (
	"staff_id" integer NOT NULL,
	"day" date NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_schedule_days_staff_id_day_pk" PRIMARY KEY("staff_id","day")
);
--> statement-breakpoint
CREATE TABLE "staff_schedule_ranges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_schedule_ranges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"staff_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "staff_schedule_ranges_ck" CHECK ("staff_schedule_ranges"."weekday" between 0 and 6 and "staff_schedule_ranges"."start_minute" >= 0 and "staff_schedule_ranges"."end_minute" <= 1440 and "staff_schedule_ranges"."start_minute" < "staff_schedule_ranges"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "staff_signatures" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"typed_name" text NOT NULL,
	"image_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_invoices" ADD CONSTRAINT "payout_invoices_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_schedule_days" ADD CONSTRAINT "staff_schedule_days_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_schedule_ranges" ADD CONSTRAINT "staff_schedule_ranges_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_signatures" ADD CONSTRAINT "staff_signatures_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_invoices_number_uq" ON "payout_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_invoices_staff_period_uq" ON "payout_invoices" USING btree ("staff_id","period_end");--> statement-breakpoint
CREATE INDEX "payout_invoices_staff_idx" ON "payout_invoices" USING btree ("staff_id","id");--> statement-breakpoint
CREATE INDEX "staff_schedule_ranges_staff_idx" ON "staff_schedule_ranges" USING btree ("staff_id","weekday","start_minute");--> statement-breakpoint
CREATE INDEX "visit_records_provider_created_idx" ON "visit_records" USING btree ("provider_id","created_at");