ALTER TABLE "audit_events" ADD COLUMN "patient_ids" integer[];--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE INDEX "audit_events_patient_ids_idx" ON "audit_events" USING gin ("patient_ids");--> statement-breakpoint
-- The audit trail as a hash chain (issue 12). Each row's hash covers the previous row's hash and the row's own
-- content, so a changed, removed or inserted row breaks every link after it (`npm run audit:verify`).
-- The canonical content of a row: its columns as one JSON array (jsonb's text form is deterministic: object keys
-- sorted, one spelling per value), the time as whole microseconds since the epoch (independent of TimeZone and
-- DateStyle). A column added to audit_events later is covered only once it is added here, in a new migration.
CREATE FUNCTION audit_event_content(e audit_events) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_array(e.id, (extract(epoch FROM e.at) * 1000000)::bigint, e.actor_id, e.actor_role, e.action,
    e.entity_type, e.entity_id, e.patient_id, e.patient_ids, e.ip, e.outcome, e.meta)::text
$$;
--> statement-breakpoint
CREATE FUNCTION audit_event_hash(prev_hash text, e audit_events) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT encode(sha256(decode(prev_hash, 'hex') || convert_to(audit_event_content(e), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- The chain's head: the last row's id and hash. Its row lock serialises audit inserts (every API instance, every
-- connection), held until the inserting transaction ends, so the chain never forks and ids follow chain order
-- with no gaps (a rolled-back insert rolls the head back too). Only the owner writes it, through the trigger.
CREATE TABLE audit_chain_head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_id integer NOT NULL,
  hash text NOT NULL
);
--> statement-breakpoint
-- Chain the rows written before this migration, in id order (the first row links to 64 zeros).
ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete;
--> statement-breakpoint
DO $$
DECLARE
  r audit_events;
  prev text := repeat('0', 64);
  last integer := 0;
BEGIN
  FOR r IN SELECT * FROM audit_events ORDER BY id LOOP
    r.prev_hash := prev;
    prev := audit_event_hash(prev, r);
    UPDATE audit_events SET prev_hash = r.prev_hash, hash = prev WHERE id = r.id;
    last := r.id;
  END LOOP;
  INSERT INTO audit_chain_head (last_id, hash) VALUES (last, prev);
END;
$$;
--> statement-breakpoint
ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete;
--> statement-breakpoint
ALTER TABLE audit_events ALTER COLUMN prev_hash SET NOT NULL, ALTER COLUMN hash SET NOT NULL;
--> statement-breakpoint
-- Every insert: the next id, the link and the hash, whatever the INSERT gave for them. SECURITY DEFINER: the
-- application role reads the head but cannot write it.
CREATE FUNCTION audit_events_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  head audit_chain_head;
BEGIN
  SELECT * INTO STRICT head FROM audit_chain_head FOR UPDATE;
  NEW.id := head.last_id + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_event_hash(head.hash, NEW);
  UPDATE audit_chain_head SET last_id = NEW.id, hash = NEW.hash;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain
  BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
