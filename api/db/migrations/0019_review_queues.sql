CREATE TABLE "chart_addenda" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chart_addenda_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"treatment_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chart_reviews" (
	"treatment_id" integer PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"status" text DEFAULT 'to_review' NOT NULL,
	"signed_by_id" integer,
	"signed_at" timestamp with time zone,
	"consent_version" text,
	"cancelled_by_id" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_queue" (
	"treatment_id" integer PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"review_kind" text NOT NULL,
	"patient_state" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chart_addenda" ADD CONSTRAINT "chart_addenda_treatment_id_chart_reviews_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."chart_reviews"("treatment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_addenda" ADD CONSTRAINT "chart_addenda_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_reviews" ADD CONSTRAINT "chart_reviews_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_reviews" ADD CONSTRAINT "chart_reviews_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_reviews" ADD CONSTRAINT "chart_reviews_signed_by_id_users_id_fk" FOREIGN KEY ("signed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_reviews" ADD CONSTRAINT "chart_reviews_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_queue" ADD CONSTRAINT "review_queue_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chart_addenda_treatment_idx" ON "chart_addenda" USING btree ("treatment_id","id");--> statement-breakpoint
CREATE INDEX "chart_reviews_status_created_idx" ON "chart_reviews" USING btree ("status","created_at","treatment_id");--> statement-breakpoint
CREATE INDEX "chart_reviews_patient_idx" ON "chart_reviews" USING btree ("patient_id","treatment_id");--> statement-breakpoint
CREATE INDEX "review_queue_created_idx" ON "review_queue" USING btree ("created_at","treatment_id");--> statement-breakpoint
CREATE INDEX "review_queue_state_created_idx" ON "review_queue" USING btree ("patient_state","created_at","treatment_id");--> statement-breakpoint
CREATE INDEX "review_queue_kind_created_idx" ON "review_queue" USING btree ("review_kind","created_at","treatment_id");--> statement-breakpoint
CREATE INDEX "review_queue_kind_state_created_idx" ON "review_queue" USING btree ("review_kind","patient_state","created_at","treatment_id");--> statement-breakpoint
CREATE INDEX "review_queue_patient_idx" ON "review_queue" USING btree ("patient_id");
--> statement-breakpoint
-- hand-written:
-- The uploads review queue filters by status and category, oldest first (api/routes/review-queues.ts).
CREATE INDEX "uploads_status_category_idx" ON "uploads" USING btree ("status","category","id");
--> statement-breakpoint
-- review_queue: the treatments of the "review_ready" list tab, with the patient's shipping state.
CREATE FUNCTION review_queue_state_of(p integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT upper(a.administrative_area) FROM addresses a WHERE a.user_id = p AND a.address_type = 'shipping' LIMIT 1
$$;
--> statement-breakpoint
CREATE FUNCTION review_queue_treatments_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_queue (treatment_id, patient_id, review_kind, patient_state, created_at)
  SELECT n.id, n.patient_id, n.review_kind, review_queue_state_of(n.patient_id), n.created_at
    FROM new_rows n WHERE n.list_tab = 'review_ready';
  INSERT INTO chart_reviews (treatment_id, patient_id, created_at)
  SELECT n.id, n.patient_id, coalesce(n.reviewed_at, n.created_at) FROM new_rows n WHERE n.review_status = 'approved'
  ON CONFLICT (treatment_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION review_queue_treatments_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM review_queue q USING new_rows n
   WHERE q.treatment_id = n.id AND n.list_tab IS DISTINCT FROM 'review_ready';
  INSERT INTO review_queue (treatment_id, patient_id, review_kind, patient_state, created_at)
  SELECT n.id, n.patient_id, n.review_kind, review_queue_state_of(n.patient_id), n.created_at
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE n.list_tab = 'review_ready'
     AND (o.list_tab IS DISTINCT FROM 'review_ready' OR o.review_kind <> n.review_kind OR o.patient_id <> n.patient_id OR o.created_at <> n.created_at)
  ON CONFLICT (treatment_id) DO UPDATE SET patient_id = excluded.patient_id, review_kind = excluded.review_kind,
    patient_state = excluded.patient_state, created_at = excluded.created_at;
  -- An approval makes the treatment's chart (to review); a chart, once made, stays (signed, cancelled or not).
  INSERT INTO chart_reviews (treatment_id, patient_id, created_at)
  SELECT n.id, n.patient_id, coalesce(n.reviewed_at, now())
    FROM new_rows n JOIN old_rows o ON o.id = n.id
   WHERE n.review_status = 'approved' AND o.review_status <> 'approved'
  ON CONFLICT (treatment_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER treatments_review_queue_ins AFTER INSERT ON treatments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_queue_treatments_ins();
--> statement-breakpoint
CREATE TRIGGER treatments_review_queue_upd AFTER UPDATE ON treatments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_queue_treatments_upd();
--> statement-breakpoint
-- A patient's shipping state follows their shipping address.
CREATE FUNCTION review_queue_addresses_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE review_queue q SET patient_state = review_queue_state_of(q.patient_id)
   WHERE q.patient_id IN (SELECT user_id FROM changed_rows WHERE address_type = 'shipping')
     AND q.patient_state IS DISTINCT FROM review_queue_state_of(q.patient_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER addresses_review_queue_ins AFTER INSERT ON addresses REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_queue_addresses_sync();
--> statement-breakpoint
CREATE TRIGGER addresses_review_queue_upd AFTER UPDATE ON addresses REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_queue_addresses_sync();
--> statement-breakpoint
CREATE TRIGGER addresses_review_queue_del AFTER DELETE ON addresses REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_queue_addresses_sync();
--> statement-breakpoint
-- The rows of the data already there.
INSERT INTO review_queue (treatment_id, patient_id, review_kind, patient_state, created_at)
SELECT t.id, t.patient_id, t.review_kind, upper(a.administrative_area), t.created_at
  FROM treatments t LEFT JOIN addresses a ON a.user_id = t.patient_id AND a.address_type = 'shipping'
 WHERE t.list_tab = 'review_ready'
ON CONFLICT (treatment_id) DO NOTHING;
--> statement-breakpoint
INSERT INTO chart_reviews (treatment_id, patient_id, created_at)
SELECT t.id, t.patient_id, coalesce(t.reviewed_at, t.created_at) FROM treatments t WHERE t.review_status = 'approved'
ON CONFLICT (treatment_id) DO NOTHING;
