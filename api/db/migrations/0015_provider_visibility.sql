CREATE TABLE "staff_patient_visibility" (
	"staff_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"assigned" integer DEFAULT 0 NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_patient_visibility_staff_id_patient_id_pk" PRIMARY KEY("staff_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "staff_treatment_list" (
	"staff_id" integer NOT NULL,
	"treatment_id" integer NOT NULL,
	"list_tab" text,
	CONSTRAINT "staff_treatment_list_staff_id_treatment_id_pk" PRIMARY KEY("staff_id","treatment_id")
);
--> statement-breakpoint
ALTER TABLE "staff_treatment_list" ADD CONSTRAINT "staff_treatment_list_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_patient_visibility_patient_idx" ON "staff_patient_visibility" USING btree ("patient_id","staff_id");--> statement-breakpoint
CREATE INDEX "staff_treatment_list_tab_idx" ON "staff_treatment_list" USING btree ("staff_id","list_tab","treatment_id");--> statement-breakpoint
CREATE INDEX "staff_treatment_list_treatment_idx" ON "staff_treatment_list" USING btree ("treatment_id");--> statement-breakpoint
-- hand-written:
-- Keeps staff_patient_visibility from treatments.provider_id and live staff_patient_access grants. Statement
-- triggers with transition tables: a bulk INSERT (seeds, imports) or UPDATE costs one grouped upsert, not one per row.
-- apply_staff_patient_visibility(deltas) adds signed counts per (staff, patient) and deletes rows that reach 0/0.
CREATE FUNCTION staff_patient_visibility_apply(d_staff int[], d_patient int[], d_assigned int[], d_granted int[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO staff_patient_visibility AS v (staff_id, patient_id, assigned, granted)
  SELECT x.s, x.p, sum(x.a)::int, sum(x.g)::int
    FROM unnest(d_staff, d_patient, d_assigned, d_granted) AS x(s, p, a, g)
   GROUP BY x.s, x.p
  HAVING sum(x.a) <> 0 OR sum(x.g) <> 0
   ORDER BY x.s, x.p
  ON CONFLICT (staff_id, patient_id) DO UPDATE
    SET assigned = v.assigned + excluded.assigned, granted = v.granted + excluded.granted;
  DELETE FROM staff_patient_visibility v
   USING (SELECT DISTINCT s, p FROM unnest(d_staff, d_patient) AS y(s, p)) z
   WHERE v.staff_id = z.s AND v.patient_id = z.p AND v.assigned <= 0 AND v.granted <= 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION treatments_visibility_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_patient_visibility_apply(array_agg(n.provider_id), array_agg(n.patient_id), array_agg(1), array_agg(0))
     FROM new_rows n WHERE n.provider_id IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION treatments_visibility_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_patient_visibility_apply(array_agg(o.provider_id), array_agg(o.patient_id), array_agg(-1), array_agg(0))
     FROM old_rows o WHERE o.provider_id IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION treatments_visibility_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_patient_visibility_apply(array_agg(x.s), array_agg(x.p), array_agg(x.a), array_agg(0))
     FROM (SELECT o.provider_id AS s, o.patient_id AS p, -1 AS a
             FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE o.provider_id IS NOT NULL AND (n.provider_id IS DISTINCT FROM o.provider_id OR n.patient_id <> o.patient_id)
           UNION ALL
           SELECT n.provider_id, n.patient_id, 1
             FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE n.provider_id IS NOT NULL AND (n.provider_id IS DISTINCT FROM o.provider_id OR n.patient_id <> o.patient_id)) x
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER treatments_visibility_ins AFTER INSERT ON treatments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION treatments_visibility_ins();
--> statement-breakpoint
CREATE TRIGGER treatments_visibility_del AFTER DELETE ON treatments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION treatments_visibility_del();
--> statement-breakpoint
CREATE TRIGGER treatments_visibility_upd AFTER UPDATE ON treatments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION treatments_visibility_upd();
--> statement-breakpoint
CREATE FUNCTION staff_access_visibility_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_patient_visibility_apply(array_agg(n.staff_id), array_agg(n.patient_id), array_agg(0), array_agg(1))
     FROM new_rows n WHERE n.revoked_at IS NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION staff_access_visibility_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_patient_visibility_apply(array_agg(o.staff_id), array_agg(o.patient_id), array_agg(0), array_agg(-1))
     FROM old_rows o WHERE o.revoked_at IS NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION staff_access_visibility_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_patient_visibility_apply(array_agg(x.s), array_agg(x.p), array_agg(0), array_agg(x.g))
     FROM (SELECT o.staff_id AS s, o.patient_id AS p, -1 AS g FROM old_rows o WHERE o.revoked_at IS NULL
           UNION ALL
           SELECT n.staff_id, n.patient_id, 1 FROM new_rows n WHERE n.revoked_at IS NULL) x
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_access_visibility_ins AFTER INSERT ON staff_patient_access REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_access_visibility_ins();
--> statement-breakpoint
CREATE TRIGGER staff_access_visibility_del AFTER DELETE ON staff_patient_access REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_access_visibility_del();
--> statement-breakpoint
CREATE TRIGGER staff_access_visibility_upd AFTER UPDATE ON staff_patient_access REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_access_visibility_upd();
--> statement-breakpoint
-- Backfill (set-based; runs once on an existing database).
INSERT INTO staff_patient_visibility (staff_id, patient_id, assigned, granted)
SELECT s, p, sum(a)::int, sum(g)::int
  FROM (SELECT provider_id AS s, patient_id AS p, 1 AS a, 0 AS g FROM treatments WHERE provider_id IS NOT NULL
        UNION ALL
        SELECT staff_id, patient_id, 0, 1 FROM staff_patient_access WHERE revoked_at IS NULL) x
 GROUP BY s, p;

--> statement-breakpoint
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
