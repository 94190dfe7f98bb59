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
-- The chain's head: the last row's id and hash, moved on once per INSERT statement (a statement-level trigger),
-- so that rows removed from the end of the chain are missed by the next insert and by audit:verify. Only the
-- owner writes it, through the triggers.
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
-- Every inserted row: the next id, the link and the hash, whatever the INSERT gave for them. A transaction-level
-- advisory lock serialises the inserting transactions (every connection, every API instance) until they end, so
-- the chain never forks and ids follow chain order without gaps (a rolled-back insert leaves no row and no head
-- change). The row links to the head, or to the row this statement inserted before it (past the head: a
-- row-level BEFORE trigger sees the rows its statement inserted earlier). Under REPEATABLE READ a stale view of
-- the head would give an id that is taken: the insert fails on the primary key, the chain does not fork.
-- SECURITY DEFINER: the application role reads the head but cannot write it.
CREATE FUNCTION audit_events_chain() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  prev_id integer;
  prev text;
  later audit_events;
BEGIN
  PERFORM pg_advisory_xact_lock(8315270412);
  SELECT last_id, hash INTO STRICT prev_id, prev FROM audit_chain_head;
  SELECT * INTO later FROM audit_events WHERE id > prev_id ORDER BY id DESC LIMIT 1;
  IF FOUND THEN
    prev_id := later.id;
    prev := later.hash;
  END IF;
  NEW.id := prev_id + 1;
  NEW.prev_hash := prev;
  NEW.hash := audit_event_hash(prev, NEW);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain
  BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
--> statement-breakpoint
CREATE FUNCTION audit_events_chain_head() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  UPDATE audit_chain_head h SET last_id = n.id, hash = n.hash
    FROM (SELECT id, hash FROM inserted ORDER BY id DESC LIMIT 1) AS n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain_head
  AFTER INSERT ON audit_events
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_chain_head();
