CREATE TABLE "staff_queue_counts" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"orders_on_hold" integer DEFAULT 0 NOT NULL,
	"uploads_for_review" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_patient_visibility" ADD COLUMN "orders_on_hold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_patient_visibility" ADD COLUMN "uploads_for_review" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_awaits_check_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_blocked_idx" ON "subscriptions" USING btree ("next_charge_at","patient_id") WHERE "subscriptions"."status" = 1 and "subscriptions"."renewal_awaits_check_in";--> statement-breakpoint
-- hand-written:
-- The staff dashboard's scoped queue counts (api/domain/staff-dashboard.ts). Each (staff, patient) visibility row
-- carries the patient's orders on hold and uploads for review; staff_queue_counts holds each staff member's sums.
-- A visibility row's share is added when it appears (its columns are set from the patient's rows) and removed with
-- the values it holds when it goes, so the order in which a patient's orders and visibility rows change or vanish
-- (cascades included) cannot make the sums drift. Statement triggers with transition tables, as in 0015.
CREATE FUNCTION staff_visibility_queue_add(d_patient int[], d_orders int[], d_uploads int[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE staff_patient_visibility v
     SET orders_on_hold = v.orders_on_hold + x.o, uploads_for_review = v.uploads_for_review + x.u
    FROM (SELECT p, sum(o)::int AS o, sum(u)::int AS u FROM unnest(d_patient, d_orders, d_uploads) AS y(p, o, u)
           GROUP BY p HAVING sum(o) <> 0 OR sum(u) <> 0) x
   WHERE v.patient_id = x.p;
END $$;
--> statement-breakpoint
CREATE FUNCTION orders_queue_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM staff_visibility_queue_add(array_agg(n.patient_id), array_agg(1), array_agg(0)) FROM new_rows n WHERE n.status = 3 HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM staff_visibility_queue_add(array_agg(o.patient_id), array_agg(-1), array_agg(0)) FROM old_rows o WHERE o.status = 3 HAVING count(*) > 0;
  ELSE
    PERFORM staff_visibility_queue_add(array_agg(x.p), array_agg(x.d), array_agg(0))
       FROM (SELECT o.patient_id AS p, -1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE o.status = 3 AND (n.status <> 3 OR n.patient_id <> o.patient_id)
             UNION ALL
             SELECT n.patient_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE n.status = 3 AND (o.status <> 3 OR n.patient_id <> o.patient_id)) x
     HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION uploads_queue_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM staff_visibility_queue_add(array_agg(n.patient_id), array_agg(0), array_agg(1)) FROM new_rows n WHERE n.status = 'for_review' HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM staff_visibility_queue_add(array_agg(o.patient_id), array_agg(0), array_agg(-1)) FROM old_rows o WHERE o.status = 'for_review' HAVING count(*) > 0;
  ELSE
    PERFORM staff_visibility_queue_add(array_agg(x.p), array_agg(0), array_agg(x.d))
       FROM (SELECT o.patient_id AS p, -1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE o.status = 'for_review' AND (n.status <> 'for_review' OR n.patient_id <> o.patient_id)
             UNION ALL
             SELECT n.patient_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE n.status = 'for_review' AND (o.status <> 'for_review' OR n.patient_id <> o.patient_id)) x
     HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_queue_counts_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_queue_counts();
--> statement-breakpoint
CREATE TRIGGER orders_queue_counts_del AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_queue_counts();
--> statement-breakpoint
CREATE TRIGGER orders_queue_counts_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_queue_counts();
--> statement-breakpoint
CREATE TRIGGER uploads_queue_counts_ins AFTER INSERT ON uploads REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION uploads_queue_counts();
--> statement-breakpoint
CREATE TRIGGER uploads_queue_counts_del AFTER DELETE ON uploads REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION uploads_queue_counts();
--> statement-breakpoint
CREATE TRIGGER uploads_queue_counts_upd AFTER UPDATE ON uploads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION uploads_queue_counts();
--> statement-breakpoint
-- A new visibility row takes its patient's current counts (the UPDATE below fires the update trigger, which adds them
-- to the staff member's sums); a changed row adds its difference; a removed row takes away what it held.
CREATE FUNCTION staff_visibility_queue_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE staff_patient_visibility v
     SET orders_on_hold = (SELECT count(*)::int FROM orders o WHERE o.patient_id = v.patient_id AND o.status = 3),
         uploads_for_review = (SELECT count(*)::int FROM uploads u WHERE u.patient_id = v.patient_id AND u.status = 'for_review')
    FROM new_rows n
   WHERE v.staff_id = n.staff_id AND v.patient_id = n.patient_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION staff_queue_counts_add(d_staff int[], d_orders int[], d_uploads int[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO staff_queue_counts AS q (staff_id, orders_on_hold, uploads_for_review)
  SELECT s, sum(o)::int, sum(u)::int FROM unnest(d_staff, d_orders, d_uploads) AS x(s, o, u)
   GROUP BY s HAVING sum(o) <> 0 OR sum(u) <> 0
   ORDER BY s
  ON CONFLICT (staff_id) DO UPDATE
    SET orders_on_hold = q.orders_on_hold + excluded.orders_on_hold, uploads_for_review = q.uploads_for_review + excluded.uploads_for_review;
END $$;
--> statement-breakpoint
CREATE FUNCTION staff_visibility_queue_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_queue_counts_add(array_agg(x.s), array_agg(x.o), array_agg(x.u))
     FROM (SELECT o.staff_id AS s, -o.orders_on_hold AS o, -o.uploads_for_review AS u FROM old_rows o
           UNION ALL
           SELECT n.staff_id, n.orders_on_hold, n.uploads_for_review FROM new_rows n) x
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION staff_visibility_queue_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_queue_counts_add(array_agg(o.staff_id), array_agg(-o.orders_on_hold), array_agg(-o.uploads_for_review))
     FROM old_rows o WHERE o.orders_on_hold <> 0 OR o.uploads_for_review <> 0 HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_visibility_queue_ins AFTER INSERT ON staff_patient_visibility REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_visibility_queue_ins();
--> statement-breakpoint
CREATE TRIGGER staff_visibility_queue_upd AFTER UPDATE ON staff_patient_visibility REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_visibility_queue_upd();
--> statement-breakpoint
CREATE TRIGGER staff_visibility_queue_del AFTER DELETE ON staff_patient_visibility REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_visibility_queue_del();
--> statement-breakpoint
-- The renewal flag (renewalMayProceed's rule): set on a subscription's insert and when what it reads changes
-- (its treatment, last shipment or start; a check-in of it; its treatment's section).
CREATE FUNCTION subscription_awaits_check_in(p_id int, p_treatment int, p_since timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM treatments t WHERE t.id = p_treatment AND t.section_type = 1)
     AND NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.subscription_id = p_id AND c.approval = 'approved' AND c.reviewed_at >= p_since)
$$;
--> statement-breakpoint
CREATE FUNCTION subscriptions_renewal_flag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.renewal_awaits_check_in := subscription_awaits_check_in(NEW.id, NEW.treatment_id, coalesce(NEW.last_shipment_at, NEW.created_at));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_renewal_flag BEFORE INSERT OR UPDATE OF treatment_id, last_shipment_at, created_at ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION subscriptions_renewal_flag();
--> statement-breakpoint
CREATE FUNCTION subscriptions_renewal_recheck(ids int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE subscriptions s
     SET renewal_awaits_check_in = subscription_awaits_check_in(s.id, s.treatment_id, coalesce(s.last_shipment_at, s.created_at))
   WHERE s.id = ANY(ids)
     AND s.renewal_awaits_check_in IS DISTINCT FROM subscription_awaits_check_in(s.id, s.treatment_id, coalesce(s.last_shipment_at, s.created_at));
END $$;
--> statement-breakpoint
CREATE FUNCTION check_ins_renewal_flag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM subscriptions_renewal_recheck(array_agg(DISTINCT n.subscription_id)) FROM new_rows n WHERE n.subscription_id IS NOT NULL HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM subscriptions_renewal_recheck(array_agg(DISTINCT o.subscription_id)) FROM old_rows o WHERE o.subscription_id IS NOT NULL HAVING count(*) > 0;
  ELSE
    PERFORM subscriptions_renewal_recheck(array_agg(DISTINCT x.s))
       FROM (SELECT o.subscription_id AS s FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE (n.approval, n.reviewed_at, n.subscription_id) IS DISTINCT FROM (o.approval, o.reviewed_at, o.subscription_id)
             UNION ALL
             SELECT n.subscription_id FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE (n.approval, n.reviewed_at, n.subscription_id) IS DISTINCT FROM (o.approval, o.reviewed_at, o.subscription_id)) x
      WHERE x.s IS NOT NULL HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER check_ins_renewal_flag_ins AFTER INSERT ON check_ins REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION check_ins_renewal_flag();
--> statement-breakpoint
CREATE TRIGGER check_ins_renewal_flag_del AFTER DELETE ON check_ins REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION check_ins_renewal_flag();
--> statement-breakpoint
CREATE TRIGGER check_ins_renewal_flag_upd AFTER UPDATE ON check_ins REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION check_ins_renewal_flag();
--> statement-breakpoint
CREATE FUNCTION treatments_renewal_flag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subscriptions_renewal_recheck(array_agg(s.id))
     FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN subscriptions s ON s.treatment_id = n.id
    WHERE n.section_type <> o.section_type HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER treatments_renewal_flag AFTER UPDATE ON treatments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION treatments_renewal_flag();
--> statement-breakpoint
-- Recomputes every kept figure from the rows (the backfill below; the scaled seed after a bulk load with the
-- triggers off). Set-based.
CREATE FUNCTION dashboard_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE staff_patient_visibility v SET orders_on_hold = x.o, uploads_for_review = x.u
    FROM (SELECT w.staff_id, w.patient_id, coalesce(oh.n, 0) AS o, coalesce(up.n, 0) AS u
            FROM staff_patient_visibility w
            LEFT JOIN (SELECT patient_id, count(*)::int AS n FROM orders WHERE status = 3 GROUP BY patient_id) oh ON oh.patient_id = w.patient_id
            LEFT JOIN (SELECT patient_id, count(*)::int AS n FROM uploads WHERE status = 'for_review' GROUP BY patient_id) up ON up.patient_id = w.patient_id) x
   WHERE v.staff_id = x.staff_id AND v.patient_id = x.patient_id AND (v.orders_on_hold <> x.o OR v.uploads_for_review <> x.u);
  DELETE FROM staff_queue_counts;
  INSERT INTO staff_queue_counts (staff_id, orders_on_hold, uploads_for_review)
  SELECT staff_id, sum(orders_on_hold)::int, sum(uploads_for_review)::int FROM staff_patient_visibility
   GROUP BY staff_id HAVING sum(orders_on_hold) <> 0 OR sum(uploads_for_review) <> 0;
  UPDATE subscriptions s SET renewal_awaits_check_in = x.b
    FROM (SELECT s2.id, (t.section_type IS NOT DISTINCT FROM 1 AND NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.subscription_id = s2.id AND c.approval = 'approved'
                   AND c.reviewed_at >= coalesce(s2.last_shipment_at, s2.created_at))) AS b
            FROM subscriptions s2 LEFT JOIN treatments t ON t.id = s2.treatment_id) x
   WHERE s.id = x.id AND s.renewal_awaits_check_in <> x.b;
END $$;
--> statement-breakpoint
SELECT dashboard_counts_rebuild();
