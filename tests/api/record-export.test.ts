/**
 * The record as FHIR R4 and the patient's access log (issue 18, "My record"; api/routes/record-export.ts): every
 * call × every role and a guest with the exact status, the file's media type and disposition, the bundle's
 * resources and references, object-level refusals (a provider's patient they may not see, an unknown id, a staff
 * id: 404), the audit rows of every export, and the access log (staff reads only, newest first, keyset paged).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import type { Bundle } from "fhir/r4";
import * as schema from "../../api/db/schema.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { permissions, type EndpointKey } from "../../api/domain/permissions.ts";
import { canSeePatient } from "../../api/domain/patient-access.ts";
import type { MyAccessLogEntry, MyAccessLogPages } from "../../api/contract/record-export.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
let emma = 0;
let providerUser = 0;
let stranger = 0;

const db = () => api.database.db;
async function idOf(email: string) {
  return (await db().select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email)))[0]!.id;
}
const exports = async () => db().select().from(schema.auditEvents).where(eq(schema.auditEvents.action, "patient.record.export")).orderBy(desc(schema.auditEvents.id));

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  emma = await idOf(LOGINS.patients);
  providerUser = await idOf(LOGINS.providerUsers);
  const candidates = await db().select({ id: schema.patients.userId }).from(schema.patients).orderBy(schema.patients.userId).limit(80);
  for (const c of candidates) {
    if (!(await canSeePatient(db(), { id: providerUser, role: "providerUsers" }, c.id))) {
      stranger = c.id;
      break;
    }
  }
});
afterAll(() => api?.close());

const CALLS: { key: EndpointKey; path: () => string }[] = [
  { key: "GET /api/v1/patient/record/fhir", path: () => "/api/v1/patient/record/fhir" },
  { key: "GET /api/v1/patient/:patientId/record/fhir", path: () => `/api/v1/patient/${emma}/record/fhir` },
  { key: "GET /api/v1/patient/record/access-log", path: () => "/api/v1/patient/record/access-log" },
];

describe("each call × each role", () => {
  for (const { key, path } of CALLS) {
    it(key, async () => {
      const allowed = permissions[key].roles as readonly Role[];
      for (const role of ROLES) {
        const r = await clients.get(role)!.get(path());
        const want = allowed.includes(role) ? 200 : role === "guest" ? 401 : 403;
        expect(r.status, `${role} ${key}`).toBe(want);
      }
    });
  }
});

describe("the patient's own export", () => {
  it("answers a FHIR R4 bundle as an attachment, with the patient and their weights, and audits it", async () => {
    const before = (await exports()).length;
    const r = await clients.get("patients")!.get<never>("/api/v1/patient/record/fhir");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/fhir\+json/);
    expect(r.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="record-${emma}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    expect(r.headers.get("cache-control")).toContain("no-store");
    const bundle = r.body as unknown as Bundle;
    expect(bundle.resourceType).toBe("Bundle");
    expect(bundle.type).toBe("collection");
    const types = new Set(bundle.entry!.map((e) => e.resource!.resourceType));
    expect(types.has("Patient")).toBe(true);
    const patient = bundle.entry!.find((e) => e.resource!.resourceType === "Patient")!.resource!;
    expect(JSON.stringify(patient)).toContain(LOGINS.patients);
    // Every reference resolves inside the bundle.
    const urls = new Set(bundle.entry!.map((e) => e.fullUrl));
    const refs = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(urls.has(ref.slice(13, -1))).toBe(true);
    // The demo patient's weights are body-weight observations.
    const weights = await db().select().from(schema.weightEntries).where(eq(schema.weightEntries.patientId, emma));
    expect(bundle.entry!.filter((e) => e.resource!.resourceType === "Observation")).toHaveLength(weights.length);
    const rows = await exports();
    expect(rows.length).toBe(before + 1);
    expect(rows[0]).toMatchObject({ actorId: emma, actorRole: "patients", patientId: emma, outcome: "success" });
  });
});

describe("the staff export", () => {
  it("answers the patient's bundle to staff allowed on the patient and audits it with the staff member", async () => {
    const r = await clients.get("medicalSupport")!.get<never>(`/api/v1/patient/${emma}/record/fhir`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/fhir\+json/);
    expect((r.body as unknown as Bundle).entry![0]!.resource!.resourceType).toBe("Patient");
    const [row] = await exports();
    expect(row).toMatchObject({ actorId: await idOf(LOGINS.medicalSupport), actorRole: "medicalSupport", patientId: emma });
  });

  it("answers 404 for a patient the provider may not see, an unknown id, a staff member's id and a bad id, and writes no export row", async () => {
    expect(stranger).toBeGreaterThan(0);
    const before = (await exports()).length;
    const provider = clients.get("providerUsers")!;
    for (const id of [String(stranger), "2147483647", String(providerUser), "abc"]) {
      expect((await provider.get(`/api/v1/patient/${id}/record/fhir`)).status, id).toBe(404);
    }
    expect((await clients.get("providers")!.get(`/api/v1/patient/${stranger}/record/fhir`)).status).toBe(200);
    expect((await exports()).length).toBe(before + 1);
  });
});

describe("the patient's access log", () => {
  it("lists staff reads of the caller's record only, newest first, with names and role titles, keyset paged", async () => {
    const nurse = clients.get("medicalSupport")!;
    await nurse.get(`/api/v1/patient/${emma}`);
    await nurse.get(`/api/v1/patient/${emma}/record/fhir`);
    await clients.get("patients")!.get("/api/v1/patient/record/fhir");
    const r = await clients.get("patients")!.get<MyAccessLogEntry[]>("/api/v1/patient/record/access-log?perPage=2");
    expect(r.status).toBe(200);
    const items = r.body.data!;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ action: "patient.record.export", staff: { role: "medicalSupport", roleTitle: expect.any(String) } });
    expect(items[1]).toMatchObject({ action: "patient.read" });
    expect(items[0]!.id).toBeGreaterThan(items[1]!.id);
    expect(items[0]!.staff.fullName.length).toBeGreaterThan(0);
    const pages = r.body.pages as MyAccessLogPages;
    expect(pages.hasMore).toBe(true);
    const next = await clients.get("patients")!.get<MyAccessLogEntry[]>(`/api/v1/patient/record/access-log?perPage=2&cursor=${pages.nextCursor}`);
    expect(next.body.data!.every((e) => e.id < items[1]!.id)).toBe(true);
    // The patient's own reads never appear; another patient's log holds none of Emma's reads.
    const all = await clients.get("patients")!.get<MyAccessLogEntry[]>("/api/v1/patient/record/access-log?perPage=50");
    expect(all.body.data!.every((e) => e.staff.role !== "patients")).toBe(true);
    const other = await signedIn(api.url, "guest");
    await other.login("patient2@demo.test");
    const theirs = await other.get<MyAccessLogEntry[]>("/api/v1/patient/record/access-log?perPage=50");
    expect(theirs.status).toBe(200);
    expect(theirs.body.data!.some((e) => all.body.data!.some((m) => m.id === e.id))).toBe(false);
  });

  it("refuses a bad page size or cursor with 400", async () => {
    for (const q of ["perPage=0", "perPage=51", "cursor=-1", "cursor=x"]) {
      expect((await clients.get("patients")!.get(`/api/v1/patient/record/access-log?${q}`)).status, q).toBe(400);
    }
  });
});
