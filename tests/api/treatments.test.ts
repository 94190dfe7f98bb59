/** GET /api/v1/treatments-v2/{id}: one treatment (also a chart's id) for staff, audited; unknown or malformed 404. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import type { Treatment } from "../../api/contract/treatments.ts";
import { treatmentAnswerSchema } from "../../api/contract/treatments.ts";
import { signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe("GET /api/v1/treatments-v2/:id", () => {
  it("answers a treatment with its patient, and writes an audit row of the staff read", async () => {
    const [row] = await api.database.db.select().from(schema.treatments).limit(1);
    const nurse = await signedIn(api.url, "medicalSupport");
    const r = await nurse.get<{ treatment: Treatment }>(`/api/v1/treatments-v2/${row!.id}`);
    expect(r.status).toBe(200);
    expect(treatmentAnswerSchema.parse(r.body.data)).toEqual({ treatment: expect.objectContaining({ id: row!.id, patientId: row!.patientId }) });
    const audits = await api.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, "treatment.read"));
    expect(audits.some((a) => a.entityId === String(row!.id) && a.patientId === row!.patientId)).toBe(true);
  });

  it("an unknown or malformed id is a 404", async () => {
    const provider = await signedIn(api.url, "providerUsers");
    for (const id of ["2147483647", "999999", "abc", "0", "-1", "1.5", "99999999999"]) {
      expect((await provider.get(`/api/v1/treatments-v2/${id}`)).status, id).toBe(404);
    }
  });
});
