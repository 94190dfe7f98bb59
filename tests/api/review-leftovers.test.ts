/**
 * Issue 14's leftovers on the API side: a visit record's allergies come with their names (both languages; an unknown
 * id is left out, the page shows it as it is), and the review's subscription items carry their ids, which resume's
 * subscriptionItemIdsToRemove names (the review page offers the add-ons as checkboxes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import type { TreatmentReview } from "../../api/contract/treatments.ts";
import type { PatientRecord } from "../../api/contract/patients.ts";
import { LOGINS, signedIn, startTestApi, type Client, type TestApi } from "./harness.ts";

let api: TestApi;
let manager: Client;
const db = () => api.database.db;

beforeAll(async () => {
  api = await startTestApi();
  manager = await signedIn(api.url, "providers");
});
afterAll(() => api?.close());

describe("issue 14 leftovers", () => {
  it("a visit record's allergies come with their names", async () => {
    const [emma] = await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, LOGINS.patients));
    await db()
      .insert(schema.visitRecords)
      .values({ patientId: emma!.id, visitType: "video", recordForm: { chiefComplaint: "Allergies", allergies: ["penicillin", "peanut", "no-such-allergen"] }, createdAt: new Date(Date.now() + 60_000) });
    const r = await manager.get<PatientRecord[]>(`/api/v1/patient/${emma!.id}/records?type=visit&perPage=1`);
    expect(r.status).toBe(200);
    const visit = r.body.data![0]!;
    expect(visit.type).toBe("visit");
    if (visit.type !== "visit") return;
    expect(visit.allergyNames).toEqual({ penicillin: { en: "Penicillin", es: "Penicilina" }, peanut: expect.objectContaining({ en: expect.stringMatching(/^Peanut/) }) });
  });

  it("the review names each subscription item by id; resume removes the add-ons it names", async () => {
    // A treatment with a subscription: give it an add-on, cancel it, then resume without that add-on.
    const [sub] = await db()
      .select({ id: schema.subscriptions.id, treatmentId: schema.subscriptions.treatmentId })
      .from(schema.subscriptions)
      .where(isNotNull(schema.subscriptions.treatmentId))
      .orderBy(desc(schema.subscriptions.id))
      .limit(1);
    const [item] = await db().select().from(schema.subscriptionItems).where(eq(schema.subscriptionItems.subscriptionId, sub!.id)).limit(1);
    const [addon] = await db().insert(schema.subscriptionItems).values({ subscriptionId: sub!.id, variantId: item!.variantId, isAddon: true }).returning({ id: schema.subscriptionItems.id });
    await db().update(schema.treatments).set({ reviewStatus: "cancelled" }).where(eq(schema.treatments.id, sub!.treatmentId!));
    const review = await manager.get<TreatmentReview>(`/api/v1/treatments/${sub!.treatmentId}/review`);
    expect(review.status).toBe(200);
    const items = review.body.data!.treatment.subscription!.items;
    expect(items.find((i) => i.id === addon!.id)).toMatchObject({ isAddon: true });
    expect(items.find((i) => i.id === item!.id)).toBeTruthy();
    const resumed = await manager.post(`/api/v1/treatments/${sub!.treatmentId}/resume`, { subscriptionItemIdsToRemove: [addon!.id] });
    expect(resumed.status).toBe(200);
    expect(await db().select().from(schema.subscriptionItems).where(and(eq(schema.subscriptionItems.subscriptionId, sub!.id), eq(schema.subscriptionItems.id, addon!.id)))).toEqual([]);
  });
});
