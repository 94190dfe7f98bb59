/**
 * GET /api/v1/chats/{id} (spec §7): one chat, for staff (audited) and for its own patient. The other chats paths of
 * spec §7 with a fixed segment (/chats/messages, …) must be registered before this router, or `:id` takes them.
 */
import { Router } from "express";
import { eq } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import type { Chat } from "../contract/chats.ts";
import { isChatCategory } from "../contract/enums.ts";
import { chats } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { canSeePatient } from "../domain/patient-access.ts";
import { endpoint } from "../http/endpoint.ts";
import { notFound, ok } from "../http/errors.ts";

export function chatsRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/chats/:id", async (req, res) => {
    const parsed = idParam.safeParse(req.params.id);
    if (!parsed.success) throw notFound();
    const [row] = await req.deps.db.select().from(chats).where(eq(chats.id, parsed.data)).limit(1);
    // A patient reaches only their own chats; another's id is not found, as an unknown one.
    // Staff: a chat of a patient they may not see (api/domain/patient-access.ts) is not found either.
    if (!row || !isChatCategory(row.category) || !req.auth.user || !(await canSeePatient(req.deps.db, { id: req.auth.user.id, role: req.auth.role }, row.patientId))) throw notFound();
    if (req.auth.role !== "patients") await audit(req, { action: "chat.read", patientId: row.patientId, entityType: "chat", entityId: row.id });
    const chat: Chat = {
      id: row.id,
      patientId: row.patientId,
      treatmentId: row.treatmentId,
      category: row.category,
      assignedProviderId: row.assignedProviderId,
      botEnabled: row.botEnabled,
      lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
    ok(res, { chat });
  });

  return router;
}
