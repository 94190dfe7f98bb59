ALTER TABLE "treatments" ADD COLUMN "patient_status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "patient_status_key" text DEFAULT 'registered' NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "patient_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "list_tab" text GENERATED ALWAYS AS (CASE
      WHEN patient_status_key IN ('registered', 'health_history', 'intake_completed', 'requires_two_way', 'two_way_before_approval', 'paid_patient') AND review_status = 'pending' THEN 'new_intake'
      WHEN patient_status_key IN ('ready_to_review_new_patient', 'ready_to_review_refill') AND review_status = 'pending' THEN 'review_ready'
      WHEN patient_status_key = 'missing_information' THEN 'missing_information'
      WHEN patient_status_key IN ('nc_decline', 'declined_authorization', 'no_payment_method') THEN 'nc_decline'
      WHEN patient_status_key IN ('awaiting_coverage', 'prior_authorization', 'waiting_on_client_for_prior_auth', 'compounding_patient', 'waiting_on_client_compound') THEN 'awaiting_coverage'
      WHEN patient_status_key IN ('active', 'subscribed') THEN 'active'
      WHEN patient_status_key IN ('registered', 'health_history', 'intake_completed', 'requires_two_way', 'two_way_before_approval', 'paid_patient', 'ready_to_review_new_patient', 'ready_to_review_refill') AND review_status = 'approved' THEN 'active'
      WHEN patient_status_key = 'active_patient_prescription_renews' THEN 'renewals'
      WHEN patient_status_key IN ('unresponsive', 'no_show') THEN 'unresponsive'
      WHEN patient_status_key IN ('canceled', 'declined', 'on_pause', 'pending_cancellation') THEN 'inactive'
    END) STORED;--> statement-breakpoint
CREATE INDEX "patients_date_of_birth_idx" ON "patients" USING btree ("date_of_birth");--> statement-breakpoint
CREATE INDEX "treatments_list_tab_id_idx" ON "treatments" USING btree ("list_tab","id");--> statement-breakpoint
CREATE INDEX "treatments_list_tab_name_idx" ON "treatments" USING btree ("list_tab","patient_name","id");--> statement-breakpoint
CREATE INDEX "treatments_patient_name_idx" ON "treatments" USING btree ("patient_name","id");--> statement-breakpoint
CREATE INDEX "treatments_patient_name_trgm_idx" ON "treatments" USING gin ("patient_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "treatments_provider_id_idx" ON "treatments" USING btree ("provider_id","id");--> statement-breakpoint
CREATE INDEX "treatments_provider_tab_id_idx" ON "treatments" USING btree ("provider_id","list_tab","id");--> statement-breakpoint
CREATE INDEX "treatments_section_id_idx" ON "treatments" USING btree ("section_type","id");--> statement-breakpoint
CREATE INDEX "treatments_section_tab_id_idx" ON "treatments" USING btree ("section_type","list_tab","id");--> statement-breakpoint
CREATE INDEX "treatments_pending_kind_id_idx" ON "treatments" USING btree ("review_kind","id") WHERE "treatments"."review_status" = 'pending';--> statement-breakpoint
CREATE INDEX "treatments_pending_kind_tab_id_idx" ON "treatments" USING btree ("review_kind","list_tab","id") WHERE "treatments"."review_status" = 'pending';--> statement-breakpoint
CREATE INDEX "treatments_inactive_id_idx" ON "treatments" USING btree ("list_tab","id") WHERE "treatments"."patient_status" = 0;--> statement-breakpoint
CREATE INDEX "treatments_active_status_id_idx" ON "treatments" USING btree ("list_tab","id") WHERE "treatments"."patient_status" <> 0;--> statement-breakpoint
CREATE INDEX "treatments_pending_created_idx" ON "treatments" USING btree ("created_at","id") WHERE "treatments"."review_status" = 'pending';--> statement-breakpoint
CREATE INDEX "treatments_provider_pending_created_idx" ON "treatments" USING btree ("provider_id","created_at","id") WHERE "treatments"."review_status" = 'pending';--> statement-breakpoint
CREATE INDEX "treatments_provider_pending_patient_idx" ON "treatments" USING btree ("provider_id","patient_id","created_at") WHERE "treatments"."review_status" = 'pending';--> statement-breakpoint
CREATE INDEX "users_email_lower_pattern_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
-- hand-written:
-- The patients list reads treatments alone (api/contract/provider-list.ts): each treatment carries its patient's
-- status, status key and full name (patient_status, patient_status_key, patient_name; list_tab follows from them).
-- These triggers keep the copies: a new treatment takes its patient's values, and a change of a patient's status
-- or name is copied to every treatment of theirs in the same transaction. The application never writes them.
-- A patient's row exists before their treatments (sign-up creates it), so an INSERT into patients copies nothing:
-- a trigger there would look up treatments by patient for every row of a bulk load, whose indexes the scaled
-- seed sets aside while it loads (api/db/seed/scaled.ts).
CREATE FUNCTION treatments_copy_patient() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.patient_status := coalesce((SELECT p.status FROM patients p WHERE p.user_id = NEW.patient_id), 1);
  NEW.patient_status_key := coalesce((SELECT p.status_key FROM patients p WHERE p.user_id = NEW.patient_id), 'registered');
  NEW.patient_name := coalesce((SELECT u.full_name FROM users u WHERE u.id = NEW.patient_id), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER treatments_copy_patient BEFORE INSERT OR UPDATE OF patient_id ON treatments
  FOR EACH ROW EXECUTE FUNCTION treatments_copy_patient();
--> statement-breakpoint
CREATE FUNCTION patients_copy_status_to_treatments() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE treatments SET patient_status = NEW.status, patient_status_key = NEW.status_key
   WHERE patient_id = NEW.user_id AND (patient_status, patient_status_key) IS DISTINCT FROM (NEW.status, NEW.status_key);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patients_copy_status_to_treatments AFTER UPDATE OF status, status_key ON patients
  FOR EACH ROW EXECUTE FUNCTION patients_copy_status_to_treatments();
--> statement-breakpoint
CREATE FUNCTION users_copy_name_to_treatments() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE treatments SET patient_name = NEW.full_name WHERE patient_id = NEW.id AND patient_name IS DISTINCT FROM NEW.full_name;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_copy_name_to_treatments AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW WHEN (NEW.role = 'patients') EXECUTE FUNCTION users_copy_name_to_treatments();
--> statement-breakpoint
UPDATE treatments t SET patient_status = p.status, patient_status_key = p.status_key, patient_name = u.full_name
  FROM patients p, users u WHERE p.user_id = t.patient_id AND u.id = t.patient_id;
