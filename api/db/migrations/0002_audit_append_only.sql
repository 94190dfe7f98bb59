-- The audit trail is append-only: no row may be changed or removed once written.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_update_delete
  BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate
  BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
INSERT INTO service_sections (id, key, slug) VALUES
  (1, 'WeightLoss', 'weight-loss'),
  (2, 'SexualWellness', 'sexual-wellness'),
  (3, 'PharmacyPurchase', 'pharmacy-purchase'),
  (4, 'Haircare', 'haircare');
