import type { Request } from "express";
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
