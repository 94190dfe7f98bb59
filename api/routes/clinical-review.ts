/**
 * The clinical review's steps (issue 14, H2): record a visit, record a note, the prescription (manage prescription,
 * /dosespot, the printable page), inform the patient, and a chat's messages. Contract and decisions:
 * api/contract/clinical-review.ts. Every call names a patient (or a treatment, a prescription, a chat) and asks
 * api/domain/patient-access.ts: one the caller may not see answers 404 like an unknown id. Reads are audited
 * (`auditRead`); every change writes its audit row in its own transaction.
 */
import { signatureForSigning } from "../domain/signature-snapshot.ts";
import { SIGNATURE_URL_PREFIX } from "../contract/signature-rules.ts";
import { Router, type Request } from "express";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import {
  allergiesQuerySchema,
  dosageInstructionRequestSchema,
  informRequestSchema,
  noteRequestSchema,
  recordVisitRequestSchema,
  templatesQuerySchema,
  type Prescription,
  type PrescriptionContext,
} from "../contract/clinical-review.ts";
import { noteKindFor } from "../contract/clinical-review-rules.ts";
import { SERVICE_SECTION_SLUGS, type ServiceSection } from "../contract/enums.ts";
import { auditEvents, chatMessages, chats, messageTemplates, prescriptions, productVariants, products, subscriptionItems, subscriptions, treatments, users, visitNotes, visitRecords, patients } from "../db/schema.ts";
import { allergyById, allergyName, searchAllergies } from "../domain/allergies.ts";
import { auditRead } from "../domain/audit.ts";
import { eprescribeProviderOf } from "../domain/eprescribe/index.ts";
import { checkLicensedFor } from "../domain/licenses.ts";
import { fillTemplate, templateLocale, textToMessageHtml } from "../domain/message-templates.ts";
import { canSeePatient } from "../domain/patient-access.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, notFound, ok, unauthorized } from "../http/errors.ts";
import { parseBody, parseQuery } from "../http/validate.ts";
import { visiblePatient } from "./patients.ts";

function me(req: Request) {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user;
}

type TreatmentRow = typeof treatments.$inferSelect;

/** The treatment of the path, of the path's patient, both visible to the caller; anything else 404. */
async function visiblePatientTreatment(req: Request): Promise<TreatmentRow> {
  const patientId = await visiblePatient(req, req.params.patientId);
  const parsed = idParam.safeParse(req.params.treatmentId);
  if (!parsed.success) throw notFound("treatments.notFound");
  const [row] = await req.deps.db.select().from(treatments).where(and(eq(treatments.id, parsed.data), eq(treatments.patientId, patientId))).limit(1);
  if (!row) throw notFound("treatments.notFound");
  return row;
}

/** A treatment by id of a patient the caller may see, or 404. */
async function visibleTreatment(req: Request, raw: unknown): Promise<TreatmentRow> {
  const user = me(req);
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFound("treatments.notFound");
  const [row] = await req.deps.db.select().from(treatments).where(eq(treatments.id, parsed.data)).limit(1);
  if (!row || !(await canSeePatient(req.deps.db, { id: user.id, role: req.auth.role }, row.patientId))) throw notFound("treatments.notFound");
  return row;
}

function changeAudit(req: Request, action: string, patientId: number, entityType: string, entityId: number, meta: Record<string, string | number | boolean | null>): typeof auditEvents.$inferInsert {
  return { actorId: req.auth.user?.id ?? null, actorRole: req.auth.role, action, entityType, entityId: String(entityId), patientId, ip: clientIp(req), outcome: "success", meta };
}

const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;

/** Prescriptions of a treatment, newest first, with the prescriber's name. */
async function prescriptionsOf(req: Request, where: ReturnType<typeof eq>, limit = 20): Promise<Prescription[]> {
  const rows = await req.deps.db
    .select({ p: prescriptions, prescriberName: users.fullName })
    .from(prescriptions)
    .leftJoin(users, eq(users.id, prescriptions.prescriberId))
    .where(where)
    .orderBy(desc(prescriptions.id))
    .limit(limit);
  return rows.map(({ p, prescriberName }) => ({
    id: p.id,
    patientId: p.patientId,
    treatmentId: p.treatmentId,
    prescriber: p.prescriberId === null ? null : { id: p.prescriberId, fullName: prescriberName ?? "" },
    diagnosisCode: p.diagnosisCode,
    variantId: p.variantId,
    medication: p.medication,
    instructions: p.instructions,
    unitsDose: p.unitsDose,
    dosageCycle: p.dosageCycle ?? null,
    provider: p.provider,
    current: p.supersededAt === null,
    createdAt: p.createdAt.toISOString(),
  }));
}

/** The variants of the treatment's product, the subscription's variant first. */
async function medicationsOf(req: Request, t: TreatmentRow) {
  if (t.productId === null) return [];
  const { db } = req.deps;
  const rows = await db
    .select({ id: productVariants.id, product: products.name, name: productVariants.name, dosage: productVariants.dosage, dosageCycleEnabled: productVariants.dosageCycleEnabled, dosageCycle: productVariants.dosageCycle })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.productId, t.productId))
    .orderBy(productVariants.id);
  const subscribed = rowsOf<{ variant_id: number }>(
    await db.execute(sql`select si.variant_id from ${subscriptionItems} si join ${subscriptions} s on s.id = si.subscription_id
      where s.treatment_id = ${t.id} and not si.is_addon order by s.id desc limit 1`),
  )[0]?.variant_id;
  return rows
    .map((r) => ({ variantId: r.id, name: `${r.product} · ${r.name}`, dosage: r.dosage, dosageCycleEnabled: r.dosageCycleEnabled, dosageCycle: r.dosageCycle ?? null }))
    .sort((a, b) => Number(b.variantId === subscribed) - Number(a.variantId === subscribed));
}

export function clinicalReviewRoutes(): Router {
  const router = Router();

  endpoint(router, "POST /api/v1/patient/:patientId/treatment/:treatmentId/record", async (req, res) => {
    const t = await visiblePatientTreatment(req);
    const input = parseBody(req, recordVisitRequestSchema);
    const user = me(req);
    const { db } = req.deps;
    const providerId = input.providerId ?? user.id;
    if (input.providerId !== undefined && input.providerId !== user.id) {
      const [p] = await db.select({ role: users.role, userStatus: users.userStatus }).from(users).where(eq(users.id, input.providerId)).limit(1);
      if (!p || (p.role !== "providers" && p.role !== "providerUsers") || p.userStatus !== "active") throw badRequest("common.invalidFields", fieldCode("providerId", "validation.invalid"));
    }
    const unknown = input.recordForm.allergies.findIndex((a) => !allergyById(a));
    if (unknown >= 0) throw badRequest("common.invalidFields", fieldCode(`recordForm.allergies.${unknown}`, "validation.allergy"));
    const form = { ...input.recordForm, allergies: [...new Set(input.recordForm.allergies)] };
    const record = await db.transaction(async (tx) => {
      const [row] = await tx.insert(visitRecords).values({ patientId: t.patientId, treatmentId: t.id, providerId, visitType: input.visitType, recordForm: form }).returning();
      await tx.insert(auditEvents).values(changeAudit(req, "visit.record", t.patientId, "visit_record", row!.id, { treatmentId: t.id, visitType: input.visitType }));
      return row!;
    });
    ok(
      res,
      { record: { id: record.id, patientId: record.patientId, treatmentId: t.id, providerId: record.providerId, visitType: record.visitType, recordForm: record.recordForm, createdAt: record.createdAt.toISOString() } },
      "visits.recorded",
    );
  });

  endpoint(router, "GET /api/v1/allergies", async (req, res) => {
    const { q } = parseQuery(req, allergiesQuerySchema);
    const locale = req.auth.user ? ((await req.deps.db.select({ locale: users.locale }).from(users).where(eq(users.id, req.auth.user.id)).limit(1))[0]?.locale ?? "en-US") : "en-US";
    ok(res, { allergies: searchAllergies(q).map((a) => ({ id: a.id, kind: a.kind, name: allergyName(a, locale), en: a.en, es: a.es })) });
  });

  endpoint(router, "POST /api/v1/patient/:patientId/treatment/:treatmentId/notes", async (req, res) => {
    const t = await visiblePatientTreatment(req);
    const input = parseBody(req, noteRequestSchema);
    const user = me(req);
    const kind = noteKindFor(req.auth.role);
    const note = await req.deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(visitNotes).values({ patientId: t.patientId, treatmentId: t.id, authorId: user.id, kind, body: input.body }).returning();
      await tx.insert(auditEvents).values(changeAudit(req, "note.record", t.patientId, "visit_note", row!.id, { treatmentId: t.id, kind }));
      return row!;
    });
    ok(res, { note: { id: note.id, patientId: note.patientId, treatmentId: t.id, kind: note.kind, body: note.body, createdAt: note.createdAt.toISOString() } }, "notes.recorded");
  });

  endpoint(router, "GET /api/v1/treatments/:id/prescription", async (req, res) => {
    const t = await visibleTreatment(req, req.params.id);
    const user = me(req);
    const { db } = req.deps;
    const [patient] = await db
      .select({ fullName: users.fullName, dateOfBirth: patients.dateOfBirth, doseSpotUrl: patients.doseSpotUrl })
      .from(users)
      .innerJoin(patients, eq(patients.userId, users.id))
      .where(eq(users.id, t.patientId))
      .limit(1);
    const [history, medications, license] = await Promise.all([
      prescriptionsOf(req, eq(prescriptions.treatmentId, t.id)),
      medicationsOf(req, t),
      checkLicensedFor(db, user.id, t.patientId),
    ]);
    const [product] = t.productId === null ? [] : await db.select({ name: products.name }).from(products).where(eq(products.id, t.productId)).limit(1);
    const adapter = eprescribeProviderOf(req.deps.config);
    const ctx = { patientId: t.patientId, clinicianId: user.id, treatmentId: t.id, patientDoseSpotUrl: patient?.doseSpotUrl ?? null };
    const canPrescribe =
      t.reviewStatus !== "approved"
        ? { ok: false, code: "prescriptions.notApproved", params: null }
        : license.ok
          ? { ok: true, code: null, params: null }
          : { ok: false, code: license.code, params: license.code === "licenses.outOfState" ? { state: license.params.state } : null };
    const answer: PrescriptionContext = {
      treatment: { id: t.id, patientId: t.patientId, sectionType: t.sectionType, reviewStatus: t.reviewStatus, productName: product?.name ?? null },
      patient: { id: t.patientId, fullName: patient?.fullName ?? "", dateOfBirth: patient?.dateOfBirth ?? null, state: license.ok ? license.state : license.code === "licenses.outOfState" ? license.params.state : null },
      medications,
      current: history.find((p) => p.current) ?? null,
      history,
      canPrescribe,
      eprescribe: { provider: adapter.name, configured: adapter.configured(ctx), ssoUrl: adapter.ssoUrl(ctx) },
    };
    await auditRead(req, { action: "prescription.context.read", patientId: t.patientId, entityType: "treatment", entityId: t.id });
    ok(res, answer);
  });

  endpoint(router, "PUT /api/v2/treatments/:id/update-dosage-instruction", async (req, res) => {
    const t = await visibleTreatment(req, req.params.id);
    const input = parseBody(req, dosageInstructionRequestSchema);
    const user = me(req);
    const { db } = req.deps;
    if (t.reviewStatus !== "approved") throw new ApiError(409, "prescriptions.notApproved");
    const license = await checkLicensedFor(db, user.id, t.patientId);
    if (!license.ok) throw new ApiError(409, license.code, { params: license.code === "licenses.outOfState" ? { state: license.params.state } : undefined });
    const medications = await medicationsOf(req, t);
    const medication = medications.find((m) => m.variantId === input.variantId);
    if (!medication) throw badRequest("common.invalidFields", fieldCode("variantId", "validation.variant"));
    const adapter = eprescribeProviderOf(req.deps.config);
    const id = await db.transaction(async (tx) => {
      // One current prescription per treatment: the row lock orders two writers; the previous one is superseded.
      await tx.select({ id: treatments.id }).from(treatments).where(eq(treatments.id, t.id)).for("update");
      const now = new Date();
      const [previous] = await tx
        .update(prescriptions)
        .set({ supersededAt: now })
        .where(and(eq(prescriptions.treatmentId, t.id), isNull(prescriptions.supersededAt)))
        .returning({ id: prescriptions.id });
      // The prescription keeps the signature it is written with (api/domain/signature-snapshot.ts).
      const signature = await signatureForSigning(tx, user.id);
      const [row] = await tx
        .insert(prescriptions)
        .values({
          signatureTypedName: signature?.typedName ?? null,
          signatureImageKey: signature?.imageKey ?? null,
          patientId: t.patientId,
          treatmentId: t.id,
          prescriberId: user.id,
          diagnosisCode: input.diagnosisCode,
          variantId: input.variantId,
          medication: medication.name,
          instructions: input.instructions,
          unitsDose: input.unitsDose,
          dosageCycle: input.dosageCycle.length ? input.dosageCycle : null,
          provider: adapter.name,
        })
        .returning({ id: prescriptions.id });
      await tx
        .insert(auditEvents)
        .values(changeAudit(req, "prescription.write", t.patientId, "prescription", row!.id, { treatmentId: t.id, diagnosisCode: input.diagnosisCode, supersedes: previous?.id ?? null, provider: adapter.name }));
      return row!.id;
    });
    const [prescription] = await prescriptionsOf(req, eq(prescriptions.id, id), 1);
    ok(res, { prescription: prescription! }, "prescriptions.saved");
  });

  endpoint(router, "GET /api/v1/prescriptions/:id", async (req, res) => {
    const user = me(req);
    const parsed = idParam.safeParse(req.params.id);
    if (!parsed.success) throw notFound("prescriptions.notFound");
    const [prescription] = await prescriptionsOf(req, eq(prescriptions.id, parsed.data), 1);
    if (!prescription || !(await canSeePatient(req.deps.db, { id: user.id, role: req.auth.role }, prescription.patientId))) throw notFound("prescriptions.notFound");
    const { db } = req.deps;
    const [patient] = rowsOf<{ full_name: string; date_of_birth: string | null; address: string | null }>(
      await db.execute(sql`select u.full_name, p.date_of_birth::text as date_of_birth,
          (select concat_ws(', ', a.address_line1, nullif(a.address_line2, ''), a.locality, upper(a.administrative_area) || ' ' || a.postal_code)
             from addresses a where a.user_id = u.id and a.address_type = 'shipping') as address
        from users u join patients p on p.user_id = u.id where u.id = ${prescription.patientId}`),
    );
    const license = prescription.prescriber
      ? rowsOf<{ state: string; license_type: string; license_number: string }>(
          await db.execute(sql`select l.state, l.license_type, l.license_number from staff_licenses l
            where l.staff_id = ${prescription.prescriber.id} and l.revoked_at is null
              and l.state = (select upper(administrative_area) from addresses where user_id = ${prescription.patientId} and address_type = 'shipping')
            order by l.expires_on desc limit 1`),
        )[0]
      : undefined;
    // The signature as it was when the prescription was written (copied then; null when there was none).
    const signature = rowsOf<{ typed_name: string | null; image_key: string | null }>(
      await db.execute(sql`select signature_typed_name as typed_name, signature_image_key as image_key from prescriptions where id = ${prescription.id}`),
    )[0];
    await auditRead(req, { action: "prescription.read", patientId: prescription.patientId, entityType: "prescription", entityId: prescription.id });
    ok(res, {
      prescription,
      patient: { id: prescription.patientId, fullName: patient?.full_name ?? "", dateOfBirth: patient?.date_of_birth ?? null, address: patient?.address ?? null },
      prescriberLicense: license ? { state: license.state, type: license.license_type, number: license.license_number } : null,
      prescriberSignature: signature?.typed_name ? { typedName: signature.typed_name, imageUrl: signature.image_key ? SIGNATURE_URL_PREFIX + signature.image_key : null } : null,
    });
  });

  endpoint(router, "GET /api/v1/message-templates", async (req, res) => {
    const { treatmentId } = parseQuery(req, templatesQuerySchema);
    const t = await visibleTreatment(req, treatmentId);
    const user = me(req);
    const { db } = req.deps;
    const [patient] = await db.select({ firstName: users.firstName, fullName: users.fullName, locale: users.locale }).from(users).where(eq(users.id, t.patientId)).limit(1);
    const [provider] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, t.providerId ?? user.id)).limit(1);
    const [current] = await prescriptionsOf(req, eq(prescriptions.treatmentId, t.id), 1);
    const [product] = t.productId === null ? [] : await db.select({ name: products.name }).from(products).where(eq(products.id, t.productId)).limit(1);
    const locale = templateLocale(patient?.locale);
    const group = SERVICE_SECTION_SLUGS[t.sectionType as ServiceSection] ?? "general";
    const rows = await db
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.locale, locale), eq(messageTemplates.active, true), sql`${messageTemplates.group} in (${group}, 'general')`))
      .orderBy(messageTemplates.group, messageTemplates.category, messageTemplates.id)
      .limit(100);
    const journeyNames: Record<string, Record<string, string>> = {
      "en-US": { "weight-loss": "weight loss", "sexual-wellness": "sexual wellness", "pharmacy-purchase": "pharmacy", haircare: "hair care" },
      "es-US": { "weight-loss": "pérdida de peso", "sexual-wellness": "bienestar sexual", "pharmacy-purchase": "farmacia", haircare: "cuidado del cabello" },
    };
    const values = {
      patientFirstName: patient?.firstName ?? "",
      patientName: patient?.fullName ?? "",
      providerName: provider?.fullName ?? "",
      medication: current && current.current ? current.medication : (product?.name ?? ""),
      dosage: current && current.current ? current.unitsDose : "",
      journey: journeyNames[locale]?.[group] ?? group,
    };
    await auditRead(req, { action: "messageTemplates.read", patientId: t.patientId, entityType: "treatment", entityId: t.id });
    ok(res, {
      locale,
      templates: rows.map((r) => ({ id: r.id, group: r.group, category: r.category, name: r.name, locale: r.locale, variables: r.variables, text: fillTemplate(r.text, values) })),
    });
  });

  endpoint(router, "POST /api/v1/patient/:patientId/treatment/:treatmentId/inform", async (req, res) => {
    const t = await visiblePatientTreatment(req);
    const input = parseBody(req, informRequestSchema);
    const html = textToMessageHtml(input.message);
    if (!html.replace(/<[^>]*>/g, "").trim()) throw badRequest("common.invalidFields", fieldCode("message", "validation.messageEmpty"));
    const user = me(req);
    const result = await req.deps.db.transaction(async (tx) => {
      await tx.insert(chats).values({ patientId: t.patientId, treatmentId: t.id, category: "medical" }).onConflictDoNothing();
      const [chat] = await tx.select({ id: chats.id }).from(chats).where(and(eq(chats.patientId, t.patientId), eq(chats.category, "medical"))).for("update");
      const [message] = await tx.insert(chatMessages).values({ chatId: chat!.id, senderId: user.id, message: html }).returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
      await tx.update(chats).set({ lastMessageAt: message!.createdAt }).where(eq(chats.id, chat!.id));
      await tx.insert(auditEvents).values(changeAudit(req, "patient.inform", t.patientId, "chat_message", message!.id, { treatmentId: t.id, chatId: chat!.id, templateId: input.templateId ?? null }));
      return { chatId: chat!.id, messageId: message!.id };
    });
    ok(res, result, "messages.sent");
  });

  return router;
}
