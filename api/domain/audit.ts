import type { Request } from "express";
import { sql } from "drizzle-orm";
import { auditEvents } from "../db/schema.ts";
import { clientIp } from "../http/context.ts";

export type AuditEntry = {
  /** What happened, as a dotted verb: "patient.read", "profile.update", "auth.login". */
  action: string;
  patientId?: number | null;
  /** A list read: the patients it returned (ids only). */
  patientIds?: number[];
  entityType?: string;
  entityId?: string | number;
  outcome?: "success" | "failure" | "denied";
  /** Ids and flags only: never health details, passwords, tokens or search text. */
  meta?: Record<string, string | number | boolean | null>;
  /** Who, when the request has no signed-in user yet (a failed or a fresh sign-in). */
  actorId?: number | null;
};

/**
 * Appends an audit record (who, role, what, which patient, when, from where). The chain trigger (migration 0009)
 * gives it its id and hash: what is passed here is covered by the hash as written.
 */
export async function audit(req: Request, entry: AuditEntry): Promise<void> {
  await req.deps.db.insert(auditEvents).values({
    actorId: entry.actorId ?? req.auth.user?.id ?? null,
    actorRole: req.auth.role,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    patientId: entry.patientId ?? null,
    patientIds: entry.patientIds ?? null,
    ip: clientIp(req),
    outcome: entry.outcome ?? "success",
    meta: entry.meta ?? null,
  });
}

/**
 * The audit record of a read (patient_ids for a list), committed without waiting for the WAL flush
 * (synchronous_commit off for this one statement), as the task reads do (api/routes/tasks.ts `auditRead`, which
 * explains the trade-off): a crash of the database can lose the last read records, never a change's.
 */
export async function auditRead(req: Request, entry: AuditEntry): Promise<void> {
  const ids = entry.patientIds ?? null;
  await req.deps.db.execute(sql`INSERT INTO audit_events (actor_id, actor_role, action, entity_type, entity_id, patient_id, patient_ids, ip, outcome, meta)
    SELECT ${entry.actorId ?? req.auth.user?.id ?? null}::int, ${req.auth.role}::text, ${entry.action}::text, ${entry.entityType ?? null}::text,
      ${entry.entityId === undefined ? null : String(entry.entityId)}::text, ${entry.patientId ?? null}::int,
      ${ids ? `{${ids.map((n) => Math.trunc(n)).join(",")}}` : null}::int[], ${clientIp(req) ?? null}::text,
      ${entry.outcome ?? "success"}::text, ${entry.meta ? JSON.stringify(entry.meta) : null}::jsonb
    FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`);
}
