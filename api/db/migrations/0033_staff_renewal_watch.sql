CREATE TABLE "staff_renewal_watch" (
	"staff_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"next_charge_at" timestamp with time zone,
	CONSTRAINT "staff_renewal_watch_staff_id_subscription_id_pk" PRIMARY KEY("staff_id","subscription_id")
);
--> statement-breakpoint
ALTER TABLE "staff_renewal_watch" ADD CONSTRAINT "staff_renewal_watch_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_renewal_watch_due_idx" ON "staff_renewal_watch" USING btree ("staff_id","next_charge_at");--> statement-breakpoint
CREATE INDEX "staff_renewal_watch_subscription_idx" ON "staff_renewal_watch" USING btree ("subscription_id");--> statement-breakpoint
-- hand-written:
-- A row per (staff member, subscription awaiting a check-in of a patient they see), kept from both sides by statement
-- triggers: a subscription entering or leaving the set (status, flag, patient, next charge) and a visibility row
-- appearing or going. A deleted subscription's rows go by the foreign key's cascade.
CREATE FUNCTION subscriptions_renewal_watch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO staff_renewal_watch (staff_id, subscription_id, next_charge_at)
    SELECT v.staff_id, n.id, n.next_charge_at FROM new_rows n JOIN staff_patient_visibility v ON v.patient_id = n.patient_id
     WHERE n.status = 1 AND n.renewal_awaits_check_in
    ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM staff_renewal_watch w USING old_rows o JOIN new_rows n ON n.id = o.id
     WHERE w.subscription_id = o.id AND o.status = 1 AND o.renewal_awaits_check_in
       AND NOT (n.status = 1 AND n.renewal_awaits_check_in AND n.patient_id = o.patient_id AND n.next_charge_at IS NOT DISTINCT FROM o.next_charge_at);
    INSERT INTO staff_renewal_watch (staff_id, subscription_id, next_charge_at)
    SELECT v.staff_id, n.id, n.next_charge_at
      FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN staff_patient_visibility v ON v.patient_id = n.patient_id
     WHERE n.status = 1 AND n.renewal_awaits_check_in
       AND NOT (o.status = 1 AND o.renewal_awaits_check_in AND n.patient_id = o.patient_id AND n.next_charge_at IS NOT DISTINCT FROM o.next_charge_at)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_renewal_watch_ins AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscriptions_renewal_watch();
--> statement-breakpoint
CREATE TRIGGER subscriptions_renewal_watch_upd AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscriptions_renewal_watch();
--> statement-breakpoint
CREATE FUNCTION staff_visibility_renewal_watch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO staff_renewal_watch (staff_id, subscription_id, next_charge_at)
    SELECT n.staff_id, s.id, s.next_charge_at FROM new_rows n JOIN subscriptions s ON s.patient_id = n.patient_id
     WHERE s.status = 1 AND s.renewal_awaits_check_in
    ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM staff_renewal_watch w USING old_rows o JOIN subscriptions s ON s.patient_id = o.patient_id
     WHERE w.staff_id = o.staff_id AND w.subscription_id = s.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_visibility_renewal_watch_ins AFTER INSERT ON staff_patient_visibility REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_visibility_renewal_watch();
--> statement-breakpoint
CREATE TRIGGER staff_visibility_renewal_watch_del AFTER DELETE ON staff_patient_visibility REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION staff_visibility_renewal_watch();
--> statement-breakpoint
-- The rebuild of 0032, now also of the watch (last: the flag updates above it move the watch row by row).
CREATE OR REPLACE FUNCTION dashboard_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
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
  DELETE FROM staff_renewal_watch;
  INSERT INTO staff_renewal_watch (staff_id, subscription_id, next_charge_at)
  SELECT v.staff_id, s.id, s.next_charge_at FROM subscriptions s JOIN staff_patient_visibility v ON v.patient_id = s.patient_id
   WHERE s.status = 1 AND s.renewal_awaits_check_in;
END $$;
--> statement-breakpoint
INSERT INTO staff_renewal_watch (staff_id, subscription_id, next_charge_at)
SELECT v.staff_id, s.id, s.next_charge_at FROM subscriptions s JOIN staff_patient_visibility v ON v.patient_id = s.patient_id
 WHERE s.status = 1 AND s.renewal_awaits_check_in;
