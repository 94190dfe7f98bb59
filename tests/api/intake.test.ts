/**
 * Journeys and the medical intake (api/routes/journeys.ts, contract api/contract/intake.ts): starting and resuming,
 * saving step by step with field errors, steps refused out of order or after submission without losing answers,
 * another patient's journey 404, identification pictures checked by content and stripped of metadata, submission
 * (the pending treatment in the ready-for-review queue, the patient's status, the mail, the task), a double submit,
 * a denial and a product unavailable in the patient's state.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import * as schema from "../../api/db/schema.ts";
import { mailSettled } from "../../api/domain/mail.ts";
import { objectStorage } from "../../api/domain/storage.ts";
import { Client, signedIn, startTestApi, type Reply, type TestApi } from "./harness.ts";
import { fetchBytes, jpegWithExif, makeImage } from "./patient-account-helpers.ts";
import { ABOUT, answerUpToPlan, codesOf, intake, save, start, uploadImage, type ErrorBody, type Journey } from "./intake-helpers.ts";

let api: TestApi;
let emma: Client; // patient@demo.test: a weight-loss intake in progress (seed)
let liam: Client; // patient2@demo.test: starts fresh
let manager: Client;


beforeAll(async () => {
  api = await startTestApi();
  emma = await signedIn(api.url, "patients");
  liam = new Client(api.url);
  await liam.login("patient2@demo.test");
  manager = await signedIn(api.url, "providers");
});
afterAll(() => api?.close());

describe("starting a journey", () => {
  it("starts one open intake per kind; starting the same kind again resumes it", async () => {
    const first = await start(liam, 1);
    expect(first.status).toBe(200);
    expect(first.body.code).toBe("journeys.started");
    const again = await start(liam, 1);
    expect(again.body.code).toBe("journeys.resumed");
    expect(again.body.data!.journey.id).toBe(first.body.data!.journey.id);
    const view = await intake(liam, first.body.data!.journey.id);
    expect(view.body.data!.currentStep).toBe("about");
    expect(view.body.data!.steps.map((s) => s.key)).toEqual(["about", "body", "history", "medications", "allergies", "contraindications", "goals", "identification", "plan", "review"]);
  });

  it("refuses an unknown kind with a field error", async () => {
    const r = await start(liam, 9);
    expect(r.status).toBe(400);
    expect(codesOf(r).sectionType).toBeDefined();
  });

  it("the demo patient resumes the seeded intake at the medical history", async () => {
    const r = await start(emma, 1);
    expect(r.body.code).toBe("journeys.resumed");
    const view = await intake(emma, r.body.data!.journey.id);
    expect(view.body.data!.currentStep).toBe("history");
    expect(view.body.data!.answers.heightInches).toBe(65);
    expect(view.body.data!.bmi).toBe(32.9);
  });
});

describe("saving step by step", () => {
  let id = 0;
  beforeAll(async () => {
    id = (await start(liam, 1)).body.data!.journey.id;
  });

  it("answers 400 with a message per field and keeps what was saved", async () => {
    const r = await save(liam, id, "about", { firstName: "", lastName: "Foster", dateOfBirth: "2099-01-01", sex: "robot", stateOfResidence: "ZZ" });
    expect(r.status).toBe(400);
    expect(codesOf(r)).toEqual({ firstName: ["validation.required"], dateOfBirth: ["validation.dateOfBirth.future"], sex: ["validation.invalid"], stateOfResidence: ["validation.state"] });
    expect((await save(liam, id, "about", ABOUT)).body.data!.nextStep).toBe("body");
  });

  it("refuses a step after the current one (409) without losing the saved answers", async () => {
    const r = await save(liam, id, "plan", { variantId: "1" });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("intake.stepOutOfOrder");
    expect((await intake(liam, id)).body.data!.answers.firstName).toBe("Liam");
  });

  it("computes the BMI from height in feet and inches and weight in pounds, and checks their bounds", async () => {
    const bad = await save(liam, id, "body", { heightInchesFt: "9", heightInchesIn: "4", weightLb: "20", goalWeightLb: "" });
    expect(codesOf(bad)).toEqual({ heightInches: ["validation.intake.height"], weightLb: ["validation.intake.range"], goalWeightLb: ["validation.required"] });
    expect((await save(liam, id, "body", { heightInchesFt: "5", heightInchesIn: "10", weightLb: "230", goalWeightLb: "185" })).status).toBe(200);
    const view = (await intake(liam, id)).body.data!;
    expect(view.answers.heightInches).toBe(70);
    expect(view.bmi).toBe(33);
  });

  it("branches: a question shown only for some answers is required only then", async () => {
    expect((await save(liam, id, "history", { conditions: [] })).body.data).toMatchObject({ fieldCodes: { conditions: [{ code: "validation.atLeastOne" }] } });
    expect((await save(liam, id, "history", { conditions: ["none", "sleepApnea"] })).status).toBe(400);
    expect((await save(liam, id, "history", { conditions: ["none"] })).status).toBe(200);
    const missing = await save(liam, id, "medications", { takesMedications: "yes", currentMedications: "" });
    expect(codesOf(missing)).toEqual({ currentMedications: ["validation.required"] });
    expect((await save(liam, id, "medications", { takesMedications: "yes", currentMedications: "Lisinopril 10mg" })).status).toBe(200);
    // Going back and answering "no" drops the list.
    expect((await save(liam, id, "medications", { takesMedications: "no" })).status).toBe(200);
    expect((await intake(liam, id)).body.data!.answers.currentMedications).toBeUndefined();
    // A man is not asked about pregnancy.
    const steps = (await intake(liam, id)).body.data!.steps;
    expect(steps.find((s) => s.key === "contraindications")!.questions.map((q) => q.key)).not.toContain("pregnant");
  });

  it("another patient's journey (and an unknown id) is a 404", async () => {
    expect((await intake(emma, id)).status).toBe(404);
    expect((await save(emma, id, "about", ABOUT)).status).toBe(404);
    expect((await emma.post(`/api/v1/journeys/${id}/submit`, {})).status).toBe(404);
    expect((await intake(emma, 2147483647)).status).toBe(404);
    expect((await intake(emma, Number.NaN)).status).toBe(404);
  });
});

describe("identification pictures", () => {
  let id = 0;
  beforeAll(async () => {
    id = (await start(liam, 4)).body.data!.journey.id; // haircare
    for (const [step, answers] of [
      ["about", ABOUT],
      ["body", { heightInchesFt: "6", heightInchesIn: "0", weightLb: "180" }],
      ["history", { conditions: ["none"], hairLossPattern: "crown", symptomDuration: "1to2Years" }],
      ["medications", { takesMedications: "no" }],
      ["allergies", { hasAllergies: "no" }],
      ["contraindications", { liverProblems: "no" }],
      ["goals", { goal: "regrow" }],
    ] as const) expect((await save(liam, id, step, answers as Record<string, string>)).status).toBe(200);
  });

  it("re-encodes a JPEG without its EXIF and GPS data, and keeps the whole picture", async () => {
    const r = await uploadImage(liam, id, "idFront", await jpegWithExif("SECRET-EXIF-TEXT"));
    expect(r.status).toBe(200);
    const [row] = await api.database.db.select().from(schema.uploads).where(eq(schema.uploads.id, r.body.data!.uploadId));
    expect(row).toMatchObject({ category: 3, imageKind: "front", mimeType: "image/png", patientId: expect.any(Number) });
    const stored = await objectStorage(api.config).get(row!.storageKey);
    const meta = await sharp(stored!.bytes).metadata();
    expect(meta.format).toBe("png");
    expect([meta.width, meta.height]).toEqual([800, 600]);
    expect(meta.exif).toBeUndefined();
    expect(stored!.bytes.includes(Buffer.from("SECRET-EXIF-TEXT"))).toBe(false);
    expect((await intake(liam, id)).body.data!.images.idPhoto.uploadId).toBe(r.body.data!.uploadId);
    // The patient sees their own picture (the re-encoded PNG); another patient does not.
    const file = await fetchBytes(liam, `/api/v1/journeys/${id}/intake/uploads/${r.body.data!.uploadId}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.bytes.equals(stored!.bytes)).toBe(true);
    expect((await fetchBytes(emma, `/api/v1/journeys/${id}/intake/uploads/${r.body.data!.uploadId}/file`)).status).toBe(404);
  });

  it("checks by content, not by name: a text file named .png is refused (415)", async () => {
    const r = await uploadImage(liam, id, "selfie", Buffer.from("<html>not an image</html>"), "selfie.png");
    expect(r.status).toBe(415);
    expect(r.body.code).toBe("intake.imageType");
  });

  it("refuses a picture over 10 MB: 'Uploaded image is too large' (413)", async () => {
    const r = await uploadImage(liam, id, "selfie", Buffer.alloc(10 * 1024 * 1024 + 10, 0xff));
    expect(r.status).toBe(413);
    expect(r.body.code).toBe("intake.imageTooLarge");
  });

  it("the step needs every picture it asks for", async () => {
    const r = await save(liam, id, "identification", {});
    expect(codesOf(r)).toEqual({ selfie: ["validation.intake.imageRequired"] });
    expect((await uploadImage(liam, id, "selfie", await makeImage("png", 300, 400))).status).toBe(200);
    expect((await save(liam, id, "identification", {})).status).toBe(200);
  });

  it("an upload id of another patient is refused", async () => {
    const [other] = await api.database.db.select({ id: schema.uploads.id }).from(schema.uploads).innerJoin(schema.users, eq(schema.users.id, schema.uploads.patientId)).where(eq(schema.users.email, "patient@demo.test")).limit(1);
    const r = await save(liam, id, "identification", { idPhoto: String(other!.id) });
    expect(codesOf(r)).toEqual({ idPhoto: ["validation.intake.imageRequired"] });
  });
});

describe("submitting", () => {
  it("creates the pending treatment in ready-for-review, moves the patient, mails them and opens a task; twice → one treatment", async () => {
    const id = (await start(liam, 1)).body.data!.journey.id;
    await answerUpToPlan(liam, id);
    const early = await liam.post(`/api/v1/journeys/${id}/submit`, {});
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("intake.incomplete");
    const plans = (await intake(liam, id)).body.data!.plans;
    expect(plans.every((p) => p.variants.every((v) => [3, 6, 12].includes(v.periodMonths)))).toBe(true);
    const missingPlan = await save(liam, id, "plan", {});
    expect(codesOf(missingPlan)).toEqual({ variantId: ["validation.intake.planRequired"] });
    const variant = plans[0]!.variants.find((v) => v.periodMonths === 6)!;
    expect((await save(liam, id, "plan", { variantId: String(variant.id) })).status).toBe(200);

    const submitted = await liam.post<{ journey: Journey }>(`/api/v1/journeys/${id}/submit`, {});
    expect(submitted.status).toBe(200);
    expect(submitted.body.code).toBe("intake.submitted");
    const treatmentId = submitted.body.data!.journey.treatmentId!;
    const { db } = api.database;
    const [t] = await db.select().from(schema.treatments).where(eq(schema.treatments.id, treatmentId));
    expect(t).toMatchObject({ journeyId: id, reviewStatus: "pending", reviewKind: "new_patient", productId: plans[0]!.productId, sectionType: 1 });
    expect(t!.intakeAnswers).toMatchObject({ heightInches: 70, weightLb: 230, eatingDisorder: true });
    const [p] = await db.select().from(schema.patients).where(eq(schema.patients.userId, t!.patientId));
    expect(p).toMatchObject({ statusKey: "ready_to_review_new_patient", heightInches: 70, weightCurrent: 230, weightGoal: 185 });
    const [task] = await db.select().from(schema.tasks).where(and(eq(schema.tasks.patientId, t!.patientId), eq(schema.tasks.auto, true), eq(schema.tasks.category, 1)));
    expect(task!.description).toContain("eatingDisorder");
    await mailSettled();
    const mails = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, "patient2@demo.test"));
    expect(mails.map((m) => m.subject)).toContain("We received your intake");
    const audits = await db.select().from(schema.auditEvents).where(and(eq(schema.auditEvents.action, "intake.submit"), eq(schema.auditEvents.entityId, String(id))));
    expect(JSON.stringify(audits[0]!.meta)).not.toMatch(/230|Foster|highBloodPressure/);

    // The provider manager finds it in ready for review.
    let cursor: string | null = null;
    let found = false;
    do {
      const page: Reply<{ id: number }[]> = await manager.get(`/api/v1/treatments/ready-for-review?perPage=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.status).toBe(200);
      found = page.body.data!.some((item) => item.id === treatmentId);
      cursor = (page.body as { pages?: { nextCursor: string | null } }).pages?.nextCursor ?? null;
    } while (!found && cursor);
    expect(found).toBe(true);

    const again = await liam.post(`/api/v1/journeys/${id}/submit`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("intake.closed");
    expect(await db.select({ id: schema.treatments.id }).from(schema.treatments).where(eq(schema.treatments.journeyId, id))).toHaveLength(1);
    const late = await save(liam, id, "goals", { goal: "lose10" });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("intake.closed");
    expect((await intake(liam, id)).body.data!.answers.goal).toBe("lose50");
    // A new weight-loss journey can start now that this one is submitted.
    expect((await start(liam, 1)).body.code).toBe("journeys.started");
  });

  it("denies a disqualifying answer: 'Intake denied: not eligible for the requested treatment'", async () => {
    const id = (await start(liam, 2)).body.data!.journey.id; // sexual wellness
    for (const [step, answers] of [
      ["about", ABOUT],
      ["body", { heightInchesFt: "5", heightInchesIn: "11", weightLb: "190" }],
      ["history", { conditions: ["none"], symptomDuration: "over1Year" }],
      ["medications", { takesMedications: "yes", currentMedications: "Nitroglycerin" }],
      ["allergies", { hasAllergies: "no" }],
      ["contraindications", { takesNitrates: "yes", alphaBlockers: "no" }],
      ["goals", { goal: "firmness" }],
    ] as const) expect((await save(liam, id, step, answers as Record<string, string>)).status).toBe(200);
    // The heart step is shown only when the history names a heart condition.
    expect((await intake(liam, id)).body.data!.steps.map((s) => s.key)).not.toContain("heart");
    const jpeg = await makeImage("jpeg", 400, 300);
    for (const image of ["idFront", "selfie"]) expect((await uploadImage(liam, id, image, jpeg)).status).toBe(200);
    expect((await save(liam, id, "identification", {})).status).toBe(200);
    const plan = (await intake(liam, id)).body.data!.plans[0]!.variants[0]!;
    expect((await save(liam, id, "plan", { variantId: String(plan.id) })).status).toBe(200);
    const r = await liam.post<{ journey: Journey }>(`/api/v1/journeys/${id}/submit`, {});
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("intake.denied");
    expect(r.body.message).toBe("Intake denied: not eligible for the requested treatment");
    expect(r.body.data!.journey).toMatchObject({ status: "denied", denialCode: "intake.denied", treatmentId: null });
    expect(await api.database.db.select().from(schema.treatments).where(eq(schema.treatments.journeyId, id))).toHaveLength(0);
  });

  it("refuses a product not offered in the patient's state: 'Product unavailable in your state'", async () => {
    const id = (await start(emma, 1)).body.data!.journey.id; // the seeded intake
    expect((await save(emma, id, "about", { firstName: "Emma", lastName: "Carter", dateOfBirth: "1988-04-12", sex: "female", stateOfResidence: "LA" })).status).toBe(200);
    for (const [step, answers] of [
      ["history", { conditions: ["none"] }],
      ["medications", { takesMedications: "no" }],
      ["allergies", { hasAllergies: "no" }],
      ["contraindications", { pregnant: "no", breastfeeding: "no", thyroidCancerHistory: "no", pancreatitisHistory: "no", eatingDisorder: "no", insulinUse: "no" }],
      ["goals", { goal: "lose20" }],
    ] as const) expect((await save(emma, id, step, answers as Record<string, string | string[]>)).status).toBe(200);
    const jpeg = await makeImage("jpeg", 400, 300);
    for (const image of ["idFront", "selfie"]) expect((await uploadImage(emma, id, image, jpeg)).status).toBe(200);
    expect((await save(emma, id, "identification", { hasInsurance: "no" })).status).toBe(200);
    const plans = (await intake(emma, id)).body.data!.plans;
    const compounded = plans.find((p) => p.name === "Compounded Tirzepatide")!;
    expect(compounded.available).toBe(false);
    const r = await save(emma, id, "plan", { variantId: String(compounded.variants[0]!.id) });
    expect(r.status).toBe(400);
    expect(codesOf(r)).toEqual({ variantId: ["intake.productUnavailable"] });
    expect((r.body.data as ErrorBody).errors!.variantId).toEqual(["Product unavailable in your state"]);
    const zepbound = plans.find((p) => p.available)!;
    expect((await save(emma, id, "plan", { variantId: String(zepbound.variants[0]!.id) })).status).toBe(200);
  });
});
