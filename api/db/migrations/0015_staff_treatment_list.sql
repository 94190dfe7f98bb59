CREATE TABLE "staff_treatment_list" (
	"staff_id" integer NOT NULL,
	"treatment_id" integer NOT NULL,
	"list_tab" text,
	CONSTRAINT "staff_treatment_list_staff_id_treatment_id_pk" PRIMARY KEY("staff_id","treatment_id")
);
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ADD CONSTRAINT "staff_treatment_list_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_treatment_list_tab_idx" ON "staff_treatment_list" USING btree ("staff_id","list_tab","treatment_id");--> statement-breakpoint
CREATE INDEX "staff_treatment_list_treatment_idx" ON "staff_treatment_list" USING btree ("treatment_id");--> statement-breakpoint
CREATE INDEX "staff_patient_visibility_patient_idx" ON "staff_patient_visibility" USING btree ("patient_id","staff_id");--> statement-breakpoint
-- hand-written:
-- Keeps staff_treatment_list = { (v.staff_id, t.id, t.list_tab) : v in staff_patient_visibility, t in treatments,
-- t.patient_id = v.patient_id }. A (staff, patient) visibility row appearing adds that patient's treatments; going
-- removes them. Triggers on treatments fire before treatments_visibility_* (statement triggers fire by name), and both
-- sides insert with ON CONFLICT DO NOTHING, so the order does not matter for the result.
CREATE FUNCTION staff_visibility_list_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO staff_treatment_list (staff_id, treatment_id, list_tab)
  SELECT NEW.staff_id, t.id, t.list_tab FROM treatments t WHERE t.patient_id = NEW.patient_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION staff_visibility_list_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM staff_treatment_list l USING treatments t
   WHERE l.staff_id = OLD.staff_id AND l.treatment_id = t.id AND t.patient_id = OLD.patient_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_visibility_list_ins AFTER INSERT ON staff_patient_visibility
  FOR EACH ROW EXECUTE FUNCTION staff_visibility_list_ins();
--> statement-breakpoint
CREATE TRIGGER staff_visibility_list_del AFTER DELETE ON staff_patient_visibility
  FOR EACH ROW EXECUTE FUNCTION staff_visibility_list_del();
--> statement-breakpoint
CREATE FUNCTION treatments_list_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO staff_treatment_list (staff_id, treatment_id, list_tab)
  SELECT v.staff_id, n.id, n.list_tab FROM new_rows n JOIN staff_patient_visibility v ON v.patient_id = n.patient_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION treatments_list_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE staff_treatment_list l SET list_tab = n.list_tab
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE l.treatment_id = n.id AND n.list_tab IS DISTINCT FROM o.list_tab AND n.patient_id = o.patient_id;
  -- A treatment moved to another patient: its rows follow the new patient's visibility.
  DELETE FROM staff_treatment_list l USING new_rows n JOIN old_rows o ON o.id = n.id
   WHERE l.treatment_id = n.id AND n.patient_id <> o.patient_id;
  INSERT INTO staff_treatment_list (staff_id, treatment_id, list_tab)
  SELECT v.staff_id, n.id, n.list_tab FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN staff_patient_visibility v ON v.patient_id = n.patient_id
   WHERE n.patient_id <> o.patient_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER treatments_list_ins AFTER INSERT ON treatments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION treatments_list_ins();
--> statement-breakpoint
CREATE TRIGGER treatments_list_upd AFTER UPDATE ON treatments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION treatments_list_upd();
--> statement-breakpoint
-- Backfill (set-based; runs once on an existing database).
INSERT INTO staff_treatment_list (staff_id, treatment_id, list_tab)
SELECT v.staff_id, t.id, t.list_tab FROM staff_patient_visibility v JOIN treatments t ON t.patient_id = v.patient_id;
