CREATE TABLE "staff_licenses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_licenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"staff_id" integer NOT NULL,
	"state" text NOT NULL,
	"license_type" text NOT NULL,
	"license_number" text NOT NULL,
	"expires_on" date NOT NULL,
	"collaborating_doctor_id" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_licenses_state_ck" CHECK ("staff_licenses"."state" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "staff_licenses" ADD CONSTRAINT "staff_licenses_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_licenses" ADD CONSTRAINT "staff_licenses_collaborating_doctor_id_users_id_fk" FOREIGN KEY ("collaborating_doctor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_licenses_staff_state_idx" ON "staff_licenses" USING btree ("staff_id","state","expires_on");--> statement-breakpoint
CREATE INDEX "staff_licenses_state_staff_idx" ON "staff_licenses" USING btree ("state","staff_id");