CREATE TABLE "staff_dependents" (
	"supervisor_id" integer NOT NULL,
	"dependent_id" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_dependents_supervisor_id_dependent_id_pk" PRIMARY KEY("supervisor_id","dependent_id"),
	CONSTRAINT "staff_dependents_not_self_ck" CHECK ("staff_dependents"."supervisor_id" <> "staff_dependents"."dependent_id")
);
--> statement-breakpoint
CREATE TABLE "staff_patient_access" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_patient_access_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"patient_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"granted_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "staff_dependents" ADD CONSTRAINT "staff_dependents_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_dependents" ADD CONSTRAINT "staff_dependents_dependent_id_users_id_fk" FOREIGN KEY ("dependent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_dependents" ADD CONSTRAINT "staff_dependents_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_patient_access" ADD CONSTRAINT "staff_patient_access_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_patient_access" ADD CONSTRAINT "staff_patient_access_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_patient_access" ADD CONSTRAINT "staff_patient_access_granted_by_id_users_id_fk" FOREIGN KEY ("granted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_patient_access" ADD CONSTRAINT "staff_patient_access_revoked_by_id_users_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_dependents_dependent_idx" ON "staff_dependents" USING btree ("dependent_id","supervisor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_patient_access_live_uq" ON "staff_patient_access" USING btree ("patient_id","staff_id") WHERE "staff_patient_access"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "staff_patient_access_staff_idx" ON "staff_patient_access" USING btree ("staff_id","patient_id") WHERE "staff_patient_access"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "treatments_provider_patient_idx" ON "treatments" USING btree ("provider_id","patient_id");