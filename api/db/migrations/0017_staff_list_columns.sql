ALTER TABLE "staff_treatment_list" ADD COLUMN "patient_id" integer;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ADD COLUMN "patient_status" smallint;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ADD COLUMN "patient_name" text;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ADD COLUMN "section_type" smallint;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ADD COLUMN "provider_id" integer;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ADD COLUMN "review_status" text;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ADD COLUMN "review_kind" text;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ADD COLUMN "created_at" timestamp with time zone;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
-- hand-written (the generated ADD COLUMN … NOT NULL cannot run on a filled table): fill the copies from treatments,
-- then NOT NULL, then the indexes (built once, after the fill).
UPDATE staff_treatment_list l SET patient_id = t.patient_id, patient_status = t.patient_status, patient_name = t.patient_name,
       section_type = t.section_type, provider_id = t.provider_id, review_status = t.review_status, review_kind = t.review_kind,
       created_at = t.created_at
  FROM treatments t WHERE t.id = l.treatment_id;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ALTER COLUMN "patient_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ALTER COLUMN "patient_status" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ALTER COLUMN "patient_name" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ALTER COLUMN "section_type" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ALTER COLUMN "review_status" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ALTER COLUMN "review_kind" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ALTER COLUMN "created_at" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "staff_treatment_list_inactive_idx" ON "staff_treatment_list" USING btree ("staff_id","treatment_id") WHERE "staff_treatment_list"."patient_status" = 0;
--> statement-breakpoint
CREATE INDEX "staff_treatment_list_inactive_tab_idx" ON "staff_treatment_list" USING btree ("staff_id","list_tab","treatment_id") WHERE "staff_treatment_list"."patient_status" = 0;
--> statement-breakpoint
CREATE INDEX "staff_treatment_list_kind_idx" ON "staff_treatment_list" USING btree ("staff_id","review_kind","treatment_id") WHERE "staff_treatment_list"."review_status" = 'pending';
--> statement-breakpoint
CREATE INDEX "staff_treatment_list_kind_tab_idx" ON "staff_treatment_list" USING btree ("staff_id","review_kind","list_tab","treatment_id") WHERE "staff_treatment_list"."review_status" = 'pending';
--> statement-breakpoint
CREATE INDEX "staff_treatment_list_section_idx" ON "staff_treatment_list" USING btree ("staff_id","section_type","treatment_id");
--> statement-breakpoint
CREATE INDEX "staff_treatment_list_section_tab_idx" ON "staff_treatment_list" USING btree ("staff_id","section_type","list_tab","treatment_id");
--> statement-breakpoint
CREATE INDEX "staff_treatment_list_provider_idx" ON "staff_treatment_list" USING btree ("staff_id","provider_id","treatment_id");
--> statement-breakpoint
CREATE INDEX "staff_treatment_list_name_idx" ON "staff_treatment_list" USING btree ("staff_id","patient_name","treatment_id");
--> statement-breakpoint
CREATE INDEX "staff_treatment_list_tab_name_idx" ON "staff_treatment_list" USING btree ("staff_id","list_tab","patient_name","treatment_id");
--> statement-breakpoint
CREATE INDEX "staff_treatment_list_past_due_idx" ON "staff_treatment_list" USING btree ("staff_id","created_at","treatment_id") WHERE "staff_treatment_list"."review_status" = 'pending';
--> statement-breakpoint
CREATE INDEX "staff_treatment_list_patient_idx" ON "staff_treatment_list" USING btree ("staff_id","patient_id");
--> statement-breakpoint
CREATE INDEX "staff_treatment_list_name_trgm_idx" ON "staff_treatment_list" USING gin ("staff_id","patient_name" gin_trgm_ops);
--> statement-breakpoint
-- The triggers of migration 0015 copy the list columns too (same functions, more columns).
CREATE OR REPLACE FUNCTION staff_visibility_list_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO staff_treatment_list (staff_id, treatment_id, list_tab, patient_id, patient_status, patient_name, section_type,
                                    provider_id, review_status, review_kind, created_at)
  SELECT NEW.staff_id, t.id, t.list_tab, t.patient_id, t.patient_status, t.patient_name, t.section_type, t.provider_id,
         t.review_status, t.review_kind, t.created_at
    FROM treatments t WHERE t.patient_id = NEW.patient_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION treatments_list_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO staff_treatment_list (staff_id, treatment_id, list_tab, patient_id, patient_status, patient_name, section_type,
                                    provider_id, review_status, review_kind, created_at)
  SELECT v.staff_id, n.id, n.list_tab, n.patient_id, n.patient_status, n.patient_name, n.section_type, n.provider_id,
         n.review_status, n.review_kind, n.created_at
    FROM new_rows n JOIN staff_patient_visibility v ON v.patient_id = n.patient_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION treatments_list_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE staff_treatment_list l
     SET list_tab = n.list_tab, patient_status = n.patient_status, patient_name = n.patient_name, section_type = n.section_type,
         provider_id = n.provider_id, review_status = n.review_status, review_kind = n.review_kind, created_at = n.created_at
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE l.treatment_id = n.id AND n.patient_id = o.patient_id
     AND (n.list_tab, n.patient_status, n.patient_name, n.section_type, n.provider_id, n.review_status, n.review_kind, n.created_at)
         IS DISTINCT FROM (o.list_tab, o.patient_status, o.patient_name, o.section_type, o.provider_id, o.review_status, o.review_kind, o.created_at);
  -- A treatment moved to another patient: its rows follow the new patient's visibility.
  DELETE FROM staff_treatment_list l USING new_rows n JOIN old_rows o ON o.id = n.id
   WHERE l.treatment_id = n.id AND n.patient_id <> o.patient_id;
  INSERT INTO staff_treatment_list (staff_id, treatment_id, list_tab, patient_id, patient_status, patient_name, section_type,
                                    provider_id, review_status, review_kind, created_at)
  SELECT v.staff_id, n.id, n.list_tab, n.patient_id, n.patient_status, n.patient_name, n.section_type, n.provider_id,
         n.review_status, n.review_kind, n.created_at
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN staff_patient_visibility v ON v.patient_id = n.patient_id
   WHERE n.patient_id <> o.patient_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
