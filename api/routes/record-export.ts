/**
 * The patient's record as a FHIR R4 Bundle and the patient's own access log (issue 18, "My record"; contract and
 * decisions: api/contract/record-export.ts, the mapping: api/domain/fhir-record.ts).
 */
import { Router, type Request, type Response } from "express";
import { and, desc, eq, inArray, isNull, lt, ne } from "drizzle-orm";
import { myAccessLogQuerySchema, RECORD_READ_ACTIONS, fhirFileName, FHIR_MEDIA_TYPE, type MyAccessLogEntry, type MyAccessLogPages } from "../contract/record-export.ts";
import { ROLE_TITLES, type UserRole } from "../contract/roles.ts";
import type { Db } from "../db/client.ts";
import { addresses, auditEvents, chatMessages, chats, journeys, orders, patients, prescriptions, products, serviceSections, treatments, users, weightEntries } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { FHIR_MESSAGE_CAP, FHIR_WEIGHT_CAP, recordBundle, type RecordRows } from "../domain/fhir-record.ts";
import { iso, isoDate } from "../domain/patient-record.ts";
import { endpoint } from "../http/endpoint.ts";
import { notFound, ok, unauthorized } from "../http/errors.ts";
import { parseWith } from "../http/validate.ts";
import { visiblePatient } from "./patients.ts";

const isoOf = (v: unknown) => iso(v) ?? new Date(0).toISOString();

/** Reads every row the export maps (one patient; the newest messages and weights up to their caps). */
export async function loadRecordRows(db: Db, patientId: number): Promise<RecordRows | null> {
  const [p] = await db
    .select({
      id: users.id, firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, email: users.email, phone: users.phone,
      locale: users.locale, gender: patients.gender, dateOfBirth: patients.dateOfBirth, heightInches: patients.heightInches,
    })
    .from(users)
    .innerJoin(patients, eq(patients.userId, users.id))
    .where(eq(users.id, patientId))
    .limit(1);
  if (!p) return null;
  const [addressRows, journeyRows, treatmentRows, prescriptionRows, orderRows, weightRows, messageRows] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.userId, patientId)).orderBy(addresses.id),
    db
      .select({ id: journeys.id, journey: serviceSections.slug, status: journeys.status, answers: journeys.intakeAnswers, createdAt: journeys.createdAt, updatedAt: journeys.updatedAt })
      .from(journeys)
      .innerJoin(serviceSections, eq(serviceSections.id, journeys.sectionType))
      .where(eq(journeys.patientId, patientId))
      .orderBy(journeys.id),
    db
      .select({ id: treatments.id, journeyId: treatments.journeyId, journey: serviceSections.slug, product: products.name, reviewStatus: treatments.reviewStatus, createdAt: treatments.createdAt })
      .from(treatments)
      .innerJoin(serviceSections, eq(serviceSections.id, treatments.sectionType))
      .leftJoin(products, eq(products.id, treatments.productId))
      .where(eq(treatments.patientId, patientId))
      .orderBy(treatments.id),
    db
      .select({
        id: prescriptions.id, treatmentId: prescriptions.treatmentId, medication: prescriptions.medication, instructions: prescriptions.instructions,
        unitsDose: prescriptions.unitsDose, diagnosisCode: prescriptions.diagnosisCode, prescriber: users.fullName, supersededAt: prescriptions.supersededAt, createdAt: prescriptions.createdAt,
      })
      .from(prescriptions)
      .leftJoin(users, eq(users.id, prescriptions.prescriberId))
      .where(eq(prescriptions.patientId, patientId))
      .orderBy(prescriptions.id),
    db.select().from(orders).where(eq(orders.patientId, patientId)).orderBy(orders.id),
    db.select().from(weightEntries).where(eq(weightEntries.patientId, patientId)).orderBy(desc(weightEntries.measuredOn), desc(weightEntries.id)).limit(FHIR_WEIGHT_CAP + 1),
    db
      .select({ id: chatMessages.id, chatId: chats.id, category: chats.category, senderId: chatMessages.senderId, sender: users.fullName, text: chatMessages.message, sentAt: chatMessages.createdAt })
      .from(chatMessages)
      .innerJoin(chats, eq(chats.id, chatMessages.chatId))
      .leftJoin(users, eq(users.id, chatMessages.senderId))
      .where(and(eq(chats.patientId, patientId), isNull(chatMessages.deletedAt)))
      .orderBy(desc(chatMessages.id))
      .limit(FHIR_MESSAGE_CAP + 1),
  ]);
  return {
    patient: {
      ...p,
      dateOfBirth: isoDate(p.dateOfBirth),
      addresses: addressRows.map((a) => ({ type: a.addressType, line1: a.addressLine1, line2: a.addressLine2, city: a.locality, state: a.administrativeArea, postalCode: a.postalCode, country: a.countryCode })),
    },
    journeys: journeyRows.map((j) => ({ ...j, answers: j.answers ?? {}, createdAt: isoOf(j.createdAt), updatedAt: isoOf(j.updatedAt) })),
    treatments: treatmentRows.map((t) => ({ ...t, createdAt: isoOf(t.createdAt) })),
    prescriptions: prescriptionRows.map(({ supersededAt, ...r }) => ({ ...r, superseded: supersededAt !== null, createdAt: isoOf(r.createdAt) })),
    orders: orderRows.map((o) => ({ id: o.id, orderNumber: o.orderNumber, status: o.status, totalCents: o.totalCents, currency: o.currency, dateOrdered: isoOf(o.dateOrdered) })),
    weights: weightRows.slice(0, FHIR_WEIGHT_CAP).reverse().map((w) => ({ id: w.id, weightLb: w.weightLb, measuredOn: isoDate(w.measuredOn) ?? "", source: w.source })),
    messages: messageRows
      .slice(0, FHIR_MESSAGE_CAP)
      .reverse()
      .map((m) => ({ id: m.id, chatId: m.chatId, category: m.category, fromPatient: m.senderId === patientId, sender: m.senderId === patientId ? null : m.sender, text: m.text, sentAt: isoOf(m.sentAt) })),
    capped: { messages: messageRows.length > FHIR_MESSAGE_CAP, weights: weightRows.length > FHIR_WEIGHT_CAP },
  };
}

async function sendBundle(req: Request, res: Response, patientId: number): Promise<void> {
  const rows = await loadRecordRows(req.deps.db, patientId);
  if (!rows) throw notFound("patients.notFound");
  const now = new Date().toISOString();
  const body = JSON.stringify(recordBundle(rows, now));
  await audit(req, {
    action: "patient.record.export",
    patientId,
    entityType: "patient",
    entityId: patientId,
    meta: { format: "fhir-r4", entries: 1 + rows.journeys.length + rows.treatments.length + rows.prescriptions.length + rows.orders.length + rows.weights.length + rows.messages.length },
  });
  res.status(200);
  res.set({
    "Content-Type": `${FHIR_MEDIA_TYPE}; charset=utf-8`,
    "Content-Disposition": `attachment; filename="${fhirFileName(patientId, now.slice(0, 10))}"`,
    "Cache-Control": "private, no-store",
  });
  res.end(body);
}

export function recordExportRoutes(): Router {
  const router = Router();

  endpoint(router, "GET /api/v1/patient/record/fhir", async (req, res) => {
    const user = req.auth.user;
    if (!user) throw unauthorized();
    await sendBundle(req, res, user.id);
  });

  endpoint(router, "GET /api/v1/patient/:patientId/record/fhir", async (req, res) => {
    const patientId = await visiblePatient(req, req.params.patientId);
    await sendBundle(req, res, patientId);
  });

  endpoint(router, "GET /api/v1/patient/record/access-log", async (req, res) => {
    const user = req.auth.user;
    if (!user) throw unauthorized();
    const q = parseWith(myAccessLogQuerySchema, req.query);
    const rows = await req.deps.db
      .select({ id: auditEvents.id, at: auditEvents.at, actorRole: auditEvents.actorRole, action: auditEvents.action, fullName: users.fullName })
      .from(auditEvents)
      .innerJoin(users, eq(users.id, auditEvents.actorId))
      .where(
        and(
          eq(auditEvents.patientId, user.id),
          q.cursor ? lt(auditEvents.id, q.cursor) : undefined,
          ne(auditEvents.actorRole, "patients"),
          ne(users.role, "patients"),
          eq(auditEvents.outcome, "success"),
          inArray(auditEvents.action, [...RECORD_READ_ACTIONS]),
        ),
      )
      .orderBy(desc(auditEvents.id))
      .limit(q.perPage + 1);
    const hasMore = rows.length > q.perPage;
    const items: MyAccessLogEntry[] = rows.slice(0, q.perPage).map((r) => ({
      id: r.id,
      at: isoOf(r.at),
      staff: { fullName: r.fullName, role: r.actorRole, roleTitle: ROLE_TITLES[r.actorRole as UserRole] ?? r.actorRole },
      action: r.action,
    }));
    const pages: MyAccessLogPages = { totalCount: items.length, page: 1, perPage: q.perPage, hasMore, nextCursor: hasMore ? items[items.length - 1]!.id : null };
    ok(res, items, "ok", pages);
  });

  return router;
}
