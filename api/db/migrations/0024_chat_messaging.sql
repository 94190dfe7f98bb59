ALTER TABLE "chat_messages" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "last_message_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "patient_unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "staff_unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "patient_read_message_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "staff_read_message_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "chats_staff_unread_idx" ON "chats" USING btree ("last_message_at" desc,"id" desc) WHERE "chats"."staff_unread_count" > 0;--> statement-breakpoint
CREATE INDEX "chats_staff_read_idx" ON "chats" USING btree ("last_message_at" desc,"id" desc) WHERE "chats"."staff_unread_count" = 0 and "chats"."last_message_at" is not null;--> statement-breakpoint
CREATE INDEX "chats_assigned_unread_idx" ON "chats" USING btree ("assigned_provider_id","last_message_at" desc,"id" desc) WHERE "chats"."staff_unread_count" > 0;--> statement-breakpoint
-- hand-written:
-- The maintained unread figures of issue 17 (README "Messaging (issue 17)"): a statement trigger on chat_messages
-- keeps chats.last_message_at / last_message_id and the two unread counters (the patient's messages unread by
-- staff; staff and automatic messages unread by the patient) in the inserting transaction, one grouped UPDATE per
-- statement (a bulk seed costs one), and announces each chat's new message on the channel chat_events
-- (LISTEN/NOTIFY: the API instances relay it to their live streams). A soft delete (deleted_at set) of a message
-- after the other side's read pointer takes one off its counter. Reads move the pointers (api/domain/chats.ts).
CREATE FUNCTION chat_messages_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN
    WITH g AS (
      SELECT n.chat_id, max(n.id) AS last_id, max(n.created_at) AS last_at,
             count(*) FILTER (WHERE n.sender_id IS NOT DISTINCT FROM c.patient_id AND n.deleted_at IS NULL) AS from_patient,
             count(*) FILTER (WHERE n.sender_id IS DISTINCT FROM c.patient_id AND n.deleted_at IS NULL) AS from_staff
        FROM new_rows n JOIN chats c ON c.id = n.chat_id
       GROUP BY n.chat_id
    )
    UPDATE chats c
       SET last_message_id = greatest(c.last_message_id, g.last_id),
           last_message_at = greatest(coalesce(c.last_message_at, g.last_at), g.last_at),
           staff_unread_count = c.staff_unread_count + g.from_patient,
           patient_unread_count = c.patient_unread_count + g.from_staff
      FROM g WHERE c.id = g.chat_id
    RETURNING c.id, c.patient_id, g.last_id
  LOOP
    PERFORM pg_notify('chat_events', json_build_object('kind', 'message', 'chatId', r.id, 'patientId', r.patient_id, 'messageId', r.last_id)::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_counters_ins AFTER INSERT ON chat_messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_after_insert();
--> statement-breakpoint
CREATE FUNCTION chat_messages_after_delete_mark() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c record;
BEGIN
  IF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    SELECT * INTO c FROM chats WHERE id = NEW.chat_id FOR UPDATE;
    IF NEW.sender_id IS NOT DISTINCT FROM c.patient_id THEN
      IF NEW.id > c.staff_read_message_id THEN
        UPDATE chats SET staff_unread_count = greatest(staff_unread_count - 1, 0) WHERE id = NEW.chat_id;
      END IF;
    ELSIF NEW.id > c.patient_read_message_id THEN
      UPDATE chats SET patient_unread_count = greatest(patient_unread_count - 1, 0) WHERE id = NEW.chat_id;
    END IF;
  END IF;
  PERFORM pg_notify('chat_events', json_build_object('kind', CASE WHEN NEW.deleted_at IS NOT NULL THEN 'deleted' ELSE 'edited' END, 'chatId', NEW.chat_id, 'patientId', (SELECT patient_id FROM chats WHERE id = NEW.chat_id), 'messageId', NEW.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_counters_upd AFTER UPDATE OF deleted_at, message, edited_at ON chat_messages FOR EACH ROW EXECUTE FUNCTION chat_messages_after_delete_mark();
--> statement-breakpoint
-- Existing rows: the pointers from chat_reads (the patient's own; the furthest of any staff member), the counters from them.
UPDATE chats c SET
  last_message_id = coalesce((SELECT max(m.id) FROM chat_messages m WHERE m.chat_id = c.id), 0),
  patient_read_message_id = coalesce((SELECT r.last_read_message_id FROM chat_reads r WHERE r.chat_id = c.id AND r.user_id = c.patient_id), 0),
  staff_read_message_id = coalesce((SELECT max(r.last_read_message_id) FROM chat_reads r WHERE r.chat_id = c.id AND r.user_id <> c.patient_id), 0);
--> statement-breakpoint
UPDATE chats c SET
  staff_unread_count = (SELECT count(*) FROM chat_messages m WHERE m.chat_id = c.id AND m.deleted_at IS NULL AND m.sender_id IS NOT DISTINCT FROM c.patient_id AND m.id > c.staff_read_message_id),
  patient_unread_count = (SELECT count(*) FROM chat_messages m WHERE m.chat_id = c.id AND m.deleted_at IS NULL AND m.sender_id IS DISTINCT FROM c.patient_id AND m.id > c.patient_read_message_id);
