/**
 * Journeys and the medical intake (issue 15). Contract and decisions: api/contract/intake.ts; the questionnaires
 * api/domain/intake/questionnaires.ts; eligibility api/domain/intake/eligibility.ts behind the qualify adapter
 * api/domain/qualify/; the journey's status machine api/domain/intake/journey-status.ts.
 *
 * Patients only, their own journeys: any other id answers 404 `journeys.notFound`. Every change writes an audit
 * row with ids and step names only (never an answer).
 */
import { randomBytes } from "node:crypto";
import { Router, type Request } from "express";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { idParam } from "../contract/common.ts";
import { saveStepSchema, startJourneySchema, submitSchema, type IntakeView, type JourneySummary } from "../contract/intake.ts";
import { ID_IMAGES, ID_IMAGE_FILE_FIELD, type StepDef, ID_IMAGE_KIND_FIELD, ID_IMAGE_MAX_BYTES, ID_IMAGE_MAX_SIDE, REVIEW_STEP, isIdImage, type IdImage, type JourneyStatus } from "../contract/intake-rules.ts";
import { PATIENT_STATUS_OF_KEY } from "../contract/patient-record-rules.ts";
import { zoneOffsetMinutes } from "../contract/profile-rules.ts";
import { STATE_TIME_ZONES } from "../contract/state-time-zones.ts";
import { ServiceSection, TaskCategory, TaskStatus } from "../contract/enums.ts";
import type { Db } from "../db/client.ts";
import { auditEvents, journeys, patients, productStateExclusions, productVariants, products, tasks, treatments, uploads, users } from "../db/schema.ts";
import { audit } from "../domain/audit.ts";
import { contraindicationsOf } from "../domain/intake/eligibility.ts";
import { canEdit, journeyTransition } from "../domain/intake/journey-status.ts";
import { bmi, firstIncompleteStep, parseStep, questionnaireOf, stepKeys, stepOf, visibleQuestions, visibleSteps, isStepComplete, type Answers } from "../domain/intake/questionnaires.ts";
import { deliverLater, renderMail, sendMail, type MailLocale } from "../domain/mail.ts";
import { QualifyError, qualifierOf } from "../domain/qualify/index.ts";
import { objectStorage } from "../domain/storage.ts";
import { ImageRejectedError, reencodePng } from "../domain/uploads.ts";
import { clientIp } from "../http/context.ts";
import { endpoint } from "../http/endpoint.ts";
import { ApiError, badRequest, fieldCode, notFound, ok, unauthorized } from "../http/errors.ts";
import { parseBody } from "../http/validate.ts";
import { singleFileReader } from "../http/single-file.ts";

type JourneyRow = typeof journeys.$inferSelect;

function me(req: Request) {
  const user = req.auth.user;
  if (!user) throw unauthorized();
  return user;
}

/** The caller's journey of the path, or 404 (unknown, malformed or another patient's alike). */
async function ownJourney(req: Request, db: Db = req.deps.db, lock = false): Promise<JourneyRow> {
  const user = me(req);
  const parsed = idParam.safeParse(req.params.id);
  if (!parsed.success) throw notFound("journeys.notFound");
  const query = db.select().from(journeys).where(and(eq(journeys.id, parsed.data), eq(journeys.patientId, user.id))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("journeys.notFound");
  return row;
}

async function treatmentOf(db: Db, journeyId: number): Promise<number | null> {
  const [t] = await db.select({ id: treatments.id }).from(treatments).where(eq(treatments.journeyId, journeyId)).orderBy(desc(treatments.id)).limit(1);
  return t?.id ?? null;
}

function summary(row: JourneyRow, treatmentId: number | null): JourneySummary {
  return {
    id: row.id,
    sectionType: row.sectionType,
    status: row.status,
    intakeStep: row.intakeStep,
    denialCode: row.denialCode,
    submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
    treatmentId,
  };
}

const change = (req: Request, action: string, journey: JourneyRow, meta: Record<string, string | number | boolean | null> = {}): typeof auditEvents.$inferInsert => ({
  actorId: req.auth.user?.id ?? null,
  actorRole: req.auth.role,
  action,
  entityType: "journey",
  entityId: String(journey.id),
  patientId: journey.patientId,
  ip: clientIp(req),
  outcome: "success",
  meta: { sectionType: journey.sectionType, ...meta },
});

/** Which product kinds a journey's plan step offers, and whether only 3/6/12-month plans. */
const planKinds = (sectionType: number) => (sectionType === ServiceSection.PharmacyPurchase ? { kind: "pharmacy" as const, periods: null } : { kind: "medication" as const, periods: [3, 6, 12] });

/** The journey's plans (live products of its kind, their variants) and each product's availability in `state`. */
async function plansOf(db: Db, sectionType: number, state: string | null) {
  const { kind, periods } = planKinds(sectionType);
  const rows = await db
    .select({ productId: products.id, name: products.name, description: products.description, variantId: productVariants.id, variantName: productVariants.name, periodMonths: productVariants.periodMonths, priceCents: productVariants.priceCents })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(eq(products.sectionType, sectionType), eq(products.kind, kind), eq(products.isLive, true)))
    .orderBy(products.id, productVariants.periodMonths, productVariants.id);
  const excluded = state
    ? new Set((await db.select({ productId: productStateExclusions.productId }).from(productStateExclusions).where(eq(productStateExclusions.state, state))).map((r) => r.productId))
    : new Set<number>();
  const byProduct = new Map<number, IntakeView["plans"][number]>();
  for (const r of rows) {
    if (periods && !periods.includes(r.periodMonths)) continue;
    let plan = byProduct.get(r.productId);
    if (!plan) {
      plan = { productId: r.productId, name: r.name, description: r.description, available: !excluded.has(r.productId), variants: [] };
      byProduct.set(r.productId, plan);
    }
    plan.variants.push({ id: r.variantId, name: r.variantName, periodMonths: r.periodMonths, priceCents: r.priceCents });
  }
  return [...byProduct.values()];
}

const stateOf = (answers: Answers) => (typeof answers.stateOfResidence === "string" ? answers.stateOfResidence : null);

async function viewOf(db: Db, row: JourneyRow): Promise<IntakeView> {
  const qn = questionnaireOf(row.sectionType);
  const answers = row.intakeAnswers;
  const imageQuestions = qn.steps.flatMap((s) => s.questions).filter((q) => q.type === "image");
  const imageIds = imageQuestions.map((q) => Number(answers[q.key])).filter((n) => Number.isInteger(n) && n > 0);
  const found = imageIds.length
    ? await db.select({ id: uploads.id, fileName: uploads.fileName }).from(uploads).where(and(eq(uploads.patientId, row.patientId), inArray(uploads.id, imageIds)))
    : [];
  const images: IntakeView["images"] = {};
  for (const q of imageQuestions) {
    const u = found.find((f) => f.id === Number(answers[q.key]));
    if (u) images[q.key] = { uploadId: u.id, fileName: u.fileName };
  }
  return {
    journey: summary(row, row.status === "submitted" ? await treatmentOf(db, row.id) : null),
    steps: visibleSteps(qn, answers).map((s) => ({ key: s.key, questions: formQuestions(s, answers).map((q) => ({ ...q, options: q.options ? [...q.options] : undefined, showIf: q.showIf ? { question: q.showIf.question, equals: [...q.showIf.equals] } : undefined })), complete: isStepComplete(s, answers) })),
    currentStep: firstIncompleteStep(qn, answers),
    answers,
    bmi: bmi(answers),
    plans: await plansOf(db, row.sectionType, stateOf(answers)),
    images,
  };
}

/**
 * The questions a step's form shows: those whose branch reads an earlier step's answer only when it matches; those
 * whose branch reads a question of the same step always (the form hides them with JavaScript until they apply, and
 * the API requires them only then), so one post without JavaScript can answer both.
 */
function formQuestions(step: StepDef, answers: Answers) {
  const own = new Set(stepKeys(step));
  return step.questions.filter((q) => !q.showIf || own.has(q.showIf.question) || visibleQuestions({ ...step, questions: [q] }, answers).length > 0);
}

/** 409 unless the intake is still being filled; 409 for a hidden step or one after the patient's current step. */
function checkEditable(row: JourneyRow, step: string) {
  if (!canEdit(row.status as JourneyStatus)) throw new ApiError(409, "intake.closed", { data: { journeyId: row.id } });
  const qn = questionnaireOf(row.sectionType);
  const visible = visibleSteps(qn, row.intakeAnswers).map((s) => s.key);
  const current = firstIncompleteStep(qn, row.intakeAnswers);
  const at = visible.indexOf(step);
  if (at < 0 || at > visible.indexOf(current)) throw new ApiError(409, "intake.stepOutOfOrder", { params: { step: current }, data: { currentStep: current } });
}

const readUpload = singleFileReader({ field: ID_IMAGE_FILE_FIELD, maxBytes: ID_IMAGE_MAX_BYTES, tooLarge: "intake.imageTooLarge", missing: "intake.imageMissing" });

const JOURNEY_NAMES: Record<MailLocale, Record<number, string>> = {
  "en-US": { 1: "weight loss", 2: "sexual wellness", 3: "a pharmacy purchase", 4: "haircare" },
  "es-US": { 1: "pérdida de peso", 2: "bienestar sexual", 3: "una compra en la farmacia", 4: "cuidado del cabello" },
};

export function intakeRoutes(): Router {
  const router = Router();

  endpoint(router, "POST /api/v1/journeys", async (req, res) => {
    const user = me(req);
    const { sectionType } = parseBody(req, startJourneySchema);
    const { db } = req.deps;
    const qn = questionnaireOf(sectionType);
    // One open intake per kind (journeys_open_intake_uq): a second start finds the first.
    const inserted = await db
      .insert(journeys)
      .values({ patientId: user.id, sectionType, intakeStep: qn.steps[0].key })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0] ?? (await db.select().from(journeys).where(and(eq(journeys.patientId, user.id), eq(journeys.sectionType, sectionType), eq(journeys.status, "in_progress"))).limit(1))[0];
    if (!row) throw new ApiError(409, "intake.closed");
    if (inserted[0]) await db.insert(auditEvents).values(change(req, "journey.start", row));
    ok(res, { journey: summary(row, null) }, inserted[0] ? "journeys.started" : "journeys.resumed");
  });

  endpoint(router, "GET /api/v1/journeys/:id/intake", async (req, res) => {
    const row = await ownJourney(req);
    ok(res, await viewOf(req.deps.db, row));
  });

  endpoint(router, "PUT /api/v1/journeys/:id/intake/:step", async (req, res) => {
    const body = parseBody(req, saveStepSchema);
    const stepKey = String(req.params.step);
    const { db } = req.deps;
    const saved = await db.transaction(async (tx) => {
      const row = await ownJourney(req, tx, true);
      checkEditable(row, stepKey);
      const qn = questionnaireOf(row.sectionType);
      const step = stepOf(qn, stepKey)!;
      const { answers, errors } = parseStep(step, body.answers, row.intakeAnswers);
      if (errors) throw badRequest("common.invalidFields", errors);
      // Pictures must be the patient's own uploads; a plan a live variant of this journey, offered in their state.
      const imageKeys = step.questions.filter((q) => q.type === "image" && answers[q.key] !== undefined).map((q) => q.key);
      if (imageKeys.length) {
        const ids = imageKeys.map((k) => Number(answers[k]));
        const own = await tx.select({ id: uploads.id }).from(uploads).where(and(eq(uploads.patientId, row.patientId), inArray(uploads.id, ids)));
        const missing = imageKeys.filter((k) => !own.some((u) => u.id === Number(answers[k])));
        if (missing.length) throw badRequest("common.invalidFields", Object.fromEntries(missing.map((k) => [k, [{ code: "validation.intake.imageRequired" }]])));
      }
      let plan: { productId: number; variantId: number } | null = null;
      if (answers.variantId !== undefined) {
        const plans = await plansOf(tx, row.sectionType, stateOf(row.intakeAnswers));
        const product = plans.find((p) => p.variants.some((v) => v.id === answers.variantId));
        if (!product) throw badRequest("common.invalidFields", fieldCode("variantId", "validation.intake.planRequired"));
        if (!product.available) throw badRequest("common.invalidFields", fieldCode("variantId", "intake.productUnavailable"));
        plan = { productId: product.productId, variantId: answers.variantId as number };
      }
      // The step's answers replace what it held (a question hidden now loses its old answer).
      const merged: Answers = { ...row.intakeAnswers };
      for (const key of stepKeys(step)) delete merged[key];
      Object.assign(merged, answers);
      const nextStep = firstIncompleteStep(qn, merged);
      const [updated] = await tx
        .update(journeys)
        .set({ intakeAnswers: merged, intakeStep: nextStep, ...(plan ?? {}), updatedAt: new Date() })
        .where(eq(journeys.id, row.id))
        .returning();
      await tx.insert(auditEvents).values(change(req, "intake.save", row, { step: stepKey }));
      return { journey: summary(updated, null), nextStep };
    });
    ok(res, saved, "intake.saved");
  });

  endpoint(router, "POST /api/v1/journeys/:id/intake/uploads", async (req, res) => {
    const user = me(req);
    const row = await ownJourney(req);
    const file = await readUpload(req, res);
    const kind = (req.body as Record<string, unknown> | undefined)?.[ID_IMAGE_KIND_FIELD];
    const qn = questionnaireOf(row.sectionType);
    const question = isIdImage(kind) ? qn.steps.flatMap((s) => s.questions).find((q) => q.image === kind) : undefined;
    const stepKey = qn.steps.find((s) => s.questions.some((q) => q === question))?.key;
    if (!question || !stepKey) throw badRequest("common.invalidFields", fieldCode(ID_IMAGE_KIND_FIELD, "validation.invalid"));
    checkEditable(row, stepKey);
    if (!file || file.fieldname !== ID_IMAGE_FILE_FIELD || file.size === 0) throw badRequest("intake.imageMissing", fieldCode(ID_IMAGE_FILE_FIELD, "intake.imageMissing"));
    let image: Awaited<ReturnType<typeof reencodePng>>;
    try {
      image = await reencodePng(file.buffer, ID_IMAGE_MAX_SIDE);
    } catch (err) {
      if (!(err instanceof ImageRejectedError)) throw err;
      await audit(req, { action: "intake.upload", patientId: user.id, entityType: "journey", entityId: row.id, outcome: "failure", meta: { image: kind as IdImage, reason: err.reason } });
      const code = err.reason === "type" ? "intake.imageType" : "intake.imageUnreadable";
      throw new ApiError(err.reason === "type" ? 415 : 400, code, { fields: fieldCode(ID_IMAGE_FILE_FIELD, code) });
    }
    const imageKey = kind as IdImage;
    const key = `uploads/${user.id}/${randomBytes(16).toString("hex")}.png`;
    await objectStorage(req.deps.config).put(key, image.bytes, "image/png");
    const fileName = `${imageKey}.png`;
    const result = await req.deps.db.transaction(async (tx) => {
      const locked = await ownJourney(req, tx, true);
      checkEditable(locked, stepKey);
      const [u] = await tx
        .insert(uploads)
        .values({ patientId: user.id, uploadedById: user.id, category: ID_IMAGES[imageKey].category, imageKind: ID_IMAGES[imageKey].kind, title: fileName, fileName, mimeType: "image/png", sizeBytes: image.bytes.length, storageKey: key, status: "for_review", visibility: 1 })
        .returning({ id: uploads.id });
      await tx
        .update(journeys)
        .set({ intakeAnswers: sql`${journeys.intakeAnswers} || ${JSON.stringify({ [question.key]: u.id })}::jsonb`, updatedAt: new Date() })
        .where(eq(journeys.id, locked.id));
      await tx.insert(auditEvents).values(change(req, "intake.upload", locked, { image: imageKey, uploadId: u.id, width: image.width, height: image.height }));
      return { uploadId: u.id, image: imageKey, fileName };
    });
    ok(res, result, "intake.imageUploaded");
  });

  endpoint(router, "GET /api/v1/journeys/:id/intake/uploads/:uploadId/file", async (req, res) => {
    const row = await ownJourney(req);
    const uploadId = idParam.safeParse(req.params.uploadId);
    // Only a picture this intake holds as an answer, of this patient, visible to them.
    const imageKeys = questionnaireOf(row.sectionType).steps.flatMap((s) => s.questions).filter((q) => q.type === "image").map((q) => q.key);
    if (!uploadId.success || !imageKeys.some((k) => Number(row.intakeAnswers[k]) === uploadId.data)) throw notFound();
    const [u] = await req.deps.db
      .select({ storageKey: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.id, uploadId.data), eq(uploads.patientId, row.patientId), eq(uploads.visibility, 1), eq(uploads.mimeType, "image/png")))
      .limit(1);
    const object = u ? await objectStorage(req.deps.config).get(u.storageKey) : null;
    if (!object) throw notFound();
    res.status(200);
    res.set({
      "Content-Type": "image/png",
      "Content-Length": String(object.bytes.length),
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-site",
      "Content-Disposition": 'inline; filename="intake.png"',
    });
    res.end(object.bytes);
  });

  endpoint(router, "POST /api/v1/journeys/:id/cancel", async (req, res) => {
    parseBody(req, submitSchema);
    const { db } = req.deps;
    const outcome = await db.transaction(async (tx) => {
      const row = await ownJourney(req, tx, true);
      const to = journeyTransition(row.status as JourneyStatus, "cancel");
      if (!to) throw new ApiError(409, "intake.closed", { data: { journeyId: row.id } });
      const [updated] = await tx.update(journeys).set({ status: to, updatedAt: new Date() }).where(eq(journeys.id, row.id)).returning();
      await tx.insert(auditEvents).values(change(req, "intake.cancel", row, {}));
      return summary(updated, null);
    });
    ok(res, { journey: outcome }, "intake.cancelled");
  });

  /**
   * Who gets the intake's "needs a clinician's look" task: the active medical support member with the fewest open
   * tasks (counted up to 200 each, through tasks_provider_status_id_idx, so a member's backlog costs a bounded read),
   * the lowest id on a tie; nobody (the team's unassigned list) when there is no active member.
   */
  async function medicalSupportAssignee(tx: Db): Promise<number | null> {
    const rows = await tx.execute(sql`
      SELECT u.id FROM ${users} u
      WHERE u.role = 'medicalSupport' AND u.user_status = 'active'
      ORDER BY (SELECT count(*) FROM (SELECT 1 FROM ${tasks} t WHERE t.provider_id = u.id AND t.status <> ${TaskStatus.Done} LIMIT 200) open_tasks), u.id
      LIMIT 1`);
    const first = (rows as unknown as { rows: { id: number }[] }).rows[0];
    return first ? Number(first.id) : null;
  }

  endpoint(router, "POST /api/v1/journeys/:id/submit", async (req, res) => {
    parseBody(req, submitSchema);
    const user = me(req);
    const { db, config } = req.deps;
    const before = await ownJourney(req);
    if (!canEdit(before.status as JourneyStatus)) throw new ApiError(409, "intake.closed", { data: { journeyId: before.id } });
    const qn = questionnaireOf(before.sectionType);
    const missing = firstIncompleteStep(qn, before.intakeAnswers);
    if (missing !== REVIEW_STEP) throw new ApiError(409, "intake.incomplete", { params: { step: missing }, data: { currentStep: missing } });
    if (!before.productId || !before.variantId) throw new ApiError(409, "intake.incomplete", { params: { step: "plan" }, data: { currentStep: "plan" } });
    const excludedStates = (await db.select({ state: productStateExclusions.state }).from(productStateExclusions).where(eq(productStateExclusions.productId, before.productId))).map((r) => r.state);
    let decision;
    try {
      decision = await qualifierOf(config).check({ sectionType: before.sectionType, answers: before.intakeAnswers, excludedStates });
    } catch (err) {
      if (!(err instanceof QualifyError)) throw err;
      await audit(req, { action: "intake.submit", patientId: user.id, entityType: "journey", entityId: before.id, outcome: "failure", meta: { qualify: err.kind } });
      throw err.kind === "connection" ? new ApiError(502, "qualify.connectionError") : new ApiError(503, "qualify.unavailable");
    }
    if (decision.outcome === "unavailable") {
      await audit(req, { action: "intake.submit", patientId: user.id, entityType: "journey", entityId: before.id, outcome: "failure", meta: { code: decision.code } });
      throw new ApiError(409, "intake.productUnavailable", { fields: fieldCode("variantId", "intake.productUnavailable") });
    }
    const now = new Date();
    const outcome = await db.transaction(async (tx) => {
      const row = await ownJourney(req, tx, true);
      if (row.status !== "in_progress") throw new ApiError(409, "intake.closed", { data: { journeyId: row.id } });
      if (decision.outcome === "denied") {
        const to = journeyTransition(row.status, "deny")!;
        const [updated] = await tx.update(journeys).set({ status: to, denialCode: decision.code, submittedAt: now, intakeStep: REVIEW_STEP, updatedAt: now }).where(eq(journeys.id, row.id)).returning();
        await tx.insert(auditEvents).values(change(req, "intake.deny", row, { code: decision.code }));
        return { journey: summary(updated, null), denied: true as const };
      }
      const to = journeyTransition(row.status, "submit")!;
      const answers = row.intakeAnswers;
      const value = bmi(answers);
      const [p] = await tx.select({ weightStart: patients.weightStart, bmiStart: patients.bmiStart }).from(patients).where(eq(patients.userId, row.patientId)).for("update");
      // The patient becomes ready to review, also one already in care who starts another journey: the ready-for-review
      // queue and the patients list's tab read the patient's status with the pending treatment (list_tab, migrations
      // 0011 and 0019), and the review's decision sets it again.
      const statusKey = "ready_to_review_new_patient" as const;
      await tx
        .update(patients)
        .set({
          status: PATIENT_STATUS_OF_KEY[statusKey],
          statusKey,
          ...(typeof answers.dateOfBirth === "string" ? { dateOfBirth: answers.dateOfBirth } : {}),
          ...(answers.sex === "female" || answers.sex === "male" ? { gender: answers.sex } : {}),
          ...(typeof answers.heightInches === "number" ? { heightInches: answers.heightInches } : {}),
          ...(typeof answers.weightLb === "number" ? { weightCurrent: answers.weightLb, weightStart: p?.weightStart ?? answers.weightLb } : {}),
          ...(typeof answers.goalWeightLb === "number" ? { weightGoal: answers.goalWeightLb } : {}),
          ...(value !== null ? { bmiCurrent: value, bmiStart: p?.bmiStart ?? value } : {}),
          updatedAt: now,
        })
        .where(eq(patients.userId, row.patientId));
      // The names given in the intake are the patient's legal names: the account takes them (the treatment, the
      // prescription and the pharmacy label use them). A patient without a chosen time zone gets their state's.
      const [account] = await tx.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, row.patientId));
      const zone = typeof answers.stateOfResidence === "string" ? STATE_TIME_ZONES[answers.stateOfResidence] : undefined;
      await tx
        .update(users)
        .set({
          ...(typeof answers.firstName === "string" && answers.firstName.trim() ? { firstName: answers.firstName.trim() } : {}),
          ...(typeof answers.lastName === "string" && answers.lastName.trim() ? { lastName: answers.lastName.trim() } : {}),
          ...(!account?.timeZone && zone ? { timeZone: zone, utcOffsetMinutes: zoneOffsetMinutes(zone, now) } : {}),
        })
        .where(eq(users.id, row.patientId));
      const [t] = await tx
        .insert(treatments)
        .values({ patientId: row.patientId, sectionType: row.sectionType, productId: row.productId, reviewStatus: "pending", reviewKind: "new_patient", intakeAnswers: answers, journeyId: row.id })
        .returning({ id: treatments.id });
      const [updated] = await tx.update(journeys).set({ status: to, submittedAt: now, intakeStep: REVIEW_STEP, updatedAt: now }).where(eq(journeys.id, row.id)).returning();
      let taskId: number | null = null;
      if (decision.reviewFlags.length > 0) {
        const flagged = contraindicationsOf(row.sectionType, answers).review;
        const [task] = await tx
          .insert(tasks)
          .values({
            title: "Intake answers need a clinician's look",
            description: `A new intake (treatment ${t.id}) answered yes to: ${(flagged.length ? flagged : decision.reviewFlags).join(", ")}. Please review before approval.`,
            status: 1,
            patientId: row.patientId,
            sectionType: row.sectionType,
            category: TaskCategory.MedicalQuestion,
            auto: true,
            providerId: await medicalSupportAssignee(tx),
          })
          .returning({ id: tasks.id });
        taskId = task.id;
      }
      await tx.insert(auditEvents).values(change(req, "intake.submit", row, { treatmentId: t.id, taskId }));
      return { journey: summary(updated, t.id), denied: false as const };
    });
    if (!outcome.denied) {
      const [u] = await db.select({ email: users.email, firstName: users.firstName, locale: users.locale }).from(users).where(eq(users.id, user.id));
      if (u) {
        const deps = { db, config, logger: req.deps.logger };
        const locale = u.locale as MailLocale;
        const link = `${config.publicUrl}/patient/journeys/${before.id}`;
        deliverLater(deps, () => sendMail(deps, { to: u.email, ...renderMail("intakeSubmitted", locale, { name: u.firstName ?? undefined, link, journey: JOURNEY_NAMES[locale][before.sectionType] }) }));
      }
    }
    ok(res, { journey: outcome.journey }, outcome.denied ? "intake.denied" : "intake.submitted");
  });

  return router;
}
