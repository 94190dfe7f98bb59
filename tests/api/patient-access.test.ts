/**
 * Staff access to a patient, dependent staff and the PHI access log (api/contract/patient-access.ts; the rule:
 * api/domain/patient-access.ts) over real HTTP on a fresh demo database: each call × every role and a guest with
 * the exact status, what grants, revokes and dependents change for a provider (providerUsers), the audit rows and
 * the access log showing the reads; and the rule on GET /api/v1/users/{id} and GET /api/v1/chats/{id}.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccessLogEntry, AccessLogPages, PatientAccess } from "../../api/contract/patient-access.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
const ids = { p1: 0, p2: 0, provider: 0, manager: 0, sofia: 0, james: 0, emily: 0, nurse: 0, hidden: 0, granted: 0, suspended: 0 };

async function rows<R>(q: SQL): Promise<R[]> {
  return ((await api.database.db.execute(q)) as unknown as { rows: R[] }).rows;
}
const idOf = async (email: string) => Number((await rows<{ id: number }>(sql`select id from users where email = ${email}`))[0]!.id);
const c = (role: Role) => clients.get(role)!;

/** A client signed in as a staff member who is not one of the demo logins. */
async function as(email: string): Promise<Client> {
  const client = new Client(api.url);
  const r = await client.login(email);
  expect(r.status).toBe(200);
  return client;
}

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  ids.p1 = await idOf("patient@demo.test");
  ids.p2 = await idOf("patient2@demo.test");
  ids.provider = await idOf("provider@demo.test");
  ids.manager = await idOf("manager@demo.test");
  ids.sofia = await idOf("sofia.alvarez@staff.demo.test");
  ids.james = await idOf("james.okafor@staff.demo.test");
  ids.emily = await idOf("emily.novak@staff.demo.test");
  ids.nurse = await idOf("nurse@demo.test");
  ids.suspended = await idOf("michael.brooks@staff.demo.test");
  // A generated patient none of whose treatments is the demo provider's and who is not granted to them.
  ids.hidden = Number(
    (
      await rows<{ id: number }>(sql`select u.id from users u where u.role = 'patients' and u.email like '%@example.test'
        and not exists (select 1 from treatments t where t.patient_id = u.id and t.provider_id in (${ids.provider}, ${ids.sofia}, ${ids.james}, ${ids.emily}))
        and not exists (select 1 from staff_patient_access a where a.patient_id = u.id)
        and exists (select 1 from chats ch where ch.patient_id = u.id)
        order by u.id desc limit 1`)
    )[0]!.id,
  );
  ids.granted = Number((await rows<{ id: number }>(sql`select patient_id as id from staff_patient_access where staff_id = ${ids.provider} and revoked_at is null`))[0]!.id);
});
afterAll(() => api?.close());

describe("who may call what (every role and a guest)", () => {
  const expected: Record<string, Record<Role, number>> = {
    read: { guest: 401, patients: 403, providers: 200, providerUsers: 200, customerSupport: 200, customerSupportManagers: 200, medicalSupport: 200, medicalSupportManagers: 200 },
    grant: { guest: 401, patients: 403, providers: 200, providerUsers: 200, customerSupport: 403, customerSupportManagers: 200, medicalSupport: 403, medicalSupportManagers: 200 },
    log: { guest: 401, patients: 403, providers: 200, providerUsers: 403, customerSupport: 403, customerSupportManagers: 200, medicalSupport: 403, medicalSupportManagers: 200 },
    dependents: { guest: 401, patients: 403, providers: 200, providerUsers: 403, customerSupport: 403, customerSupportManagers: 200, medicalSupport: 403, medicalSupportManagers: 200 },
    search: { guest: 401, patients: 403, providers: 200, providerUsers: 200, customerSupport: 200, customerSupportManagers: 200, medicalSupport: 200, medicalSupportManagers: 200 },
  };
  for (const role of ROLES) {
    it(`as ${role}`, async () => {
      expect((await c(role).get(`/api/v1/patient/${ids.p1}/access`)).status).toBe(expected.read[role]);
      expect((await c(role).get(`/api/v1/staff/${ids.provider}/dependents`)).status).toBe(expected.read[role]);
      expect((await c(role).get(`/api/v1/patient/${ids.p1}/access-log`)).status).toBe(expected.log[role]);
      expect((await c(role).get(`/api/v1/global-search?search=carter`)).status).toBe(expected.search[role]);
      const grant = await c(role).post<{ grant: { id: number } }>(`/api/v1/patient/${ids.p1}/access`, { staffId: ids.james });
      expect(grant.status).toBe(expected.grant[role]);
      if (grant.status === 200) {
        const revoke = await c(role).post(`/api/v1/patient/${ids.p1}/access/${grant.body.data!.grant.id}/revoke`);
        expect(revoke.status).toBe(200);
        expect(revoke.body.code).toBe("access.revoked");
      } else {
        expect((await c(role).post(`/api/v1/patient/${ids.p1}/access/1/revoke`)).status).toBe(expected.grant[role]);
      }
      const add = await c(role).post(`/api/v1/staff/${ids.sofia}/dependents`, { dependentId: ids.james });
      expect(add.status).toBe(expected.dependents[role]);
      if (add.status === 200) expect((await c(role).delete(`/api/v1/staff/${ids.sofia}/dependents/${ids.james}`)).status).toBe(200);
      else expect((await c(role).delete(`/api/v1/staff/${ids.sofia}/dependents/${ids.james}`)).status).toBe(expected.dependents[role]);
    });
  }
});

describe("the access-management data", () => {
  it("lists assigned providers, grants with who granted and when, the revoked grant, dependents and the clinic-wide roles", async () => {
    const r = await c("providers").get<PatientAccess>(`/api/v1/patient/${ids.p1}/access`);
    expect(r.status).toBe(200);
    const a = r.body.data!;
    expect(a.assigned.map((x) => x.staff.id)).toContain(ids.provider);
    expect(a.assigned.find((x) => x.staff.id === ids.provider)!.treatmentIds.length).toBeGreaterThan(0);
    const sofia = a.grants.find((g) => g.staff.id === ids.sofia)!;
    expect(sofia.revokedAt).toBeNull();
    expect(sofia.grantedBy?.id).toBe(ids.manager);
    expect(Date.parse(sofia.grantedAt)).toBeLessThan(Date.now());
    // The seeded revoked grant: the oldest of James's (the walk above granted and revoked more).
    const james = a.grants.filter((g) => g.staff.id === ids.james && g.revokedAt).at(-1)!;
    expect(james.revokedBy?.id).toBe(ids.manager);
    // Emily is the demo provider's dependent: she reaches patient@ through them.
    expect(a.dependents).toContainEqual(expect.objectContaining({ staff: expect.objectContaining({ id: ids.emily }), supervisor: expect.objectContaining({ id: ids.provider }) }));
    expect(a.clinicWideRoles.map((x) => x.handle)).toEqual(["providers", "customerSupport", "customerSupportManagers", "medicalSupport", "medicalSupportManagers"]);
    expect(a.canManage).toBe(true);
    expect(a.canReadLog).toBe(true);
    const nurse = (await c("medicalSupport").get<PatientAccess>(`/api/v1/patient/${ids.p1}/access`)).body.data!;
    expect([nurse.canManage, nurse.canReadLog]).toEqual([false, false]);
  });

  it("answers 404 for an unknown id, a staff member's id, a malformed id and a patient the caller may not see", async () => {
    for (const path of ["/api/v1/patient/2147483647/access", `/api/v1/patient/${ids.nurse}/access`, "/api/v1/patient/abc/access", "/api/v1/patient/0/access-log"]) {
      expect((await c("providers").get(path)).status, path).toBe(404);
    }
    expect((await c("providerUsers").get(`/api/v1/patient/${ids.hidden}/access`)).status).toBe(404);
    expect((await c("providerUsers").post(`/api/v1/patient/${ids.hidden}/access`, { staffId: ids.james })).status).toBe(404);
    expect((await c("providers").get(`/api/v1/patient/${ids.hidden}/access`)).status).toBe(200);
  });

  it("refuses a grant to someone who is not an active provider, twice to the same one, and a revoke of a grant of another patient", async () => {
    const m = c("providers");
    const bad = async (staffId: unknown, code: string) => {
      const r = await m.post<{ fieldCodes: Record<string, { code: string }[]> }>(`/api/v1/patient/${ids.p1}/access`, { staffId });
      expect(r.status).toBe(400);
      expect((r.body.data as unknown as { fieldCodes: Record<string, { code: string }[]> }).fieldCodes.staffId[0].code).toBe(code);
    };
    await bad(ids.nurse, "access.notScoped");
    await bad(ids.p2, "access.noSuchStaff");
    await bad(ids.suspended, "access.noSuchStaff");
    await bad(2147483647, "access.noSuchStaff");
    await bad("x", "validation.required");
    await bad(ids.sofia, "access.alreadyGranted");
    const [{ id: sofiaGrant }] = await rows<{ id: number }>(sql`select id from staff_patient_access where staff_id = ${ids.sofia} and patient_id = ${ids.p1} and revoked_at is null`);
    expect((await m.post(`/api/v1/patient/${ids.p2}/access/${sofiaGrant}/revoke`)).status).toBe(404);
    expect((await m.post(`/api/v1/patient/${ids.p1}/access/2147483647/revoke`)).status).toBe(404);
  });
});

describe("what grants, revokes and dependents change for a provider", () => {
  it("a granted patient becomes visible, a revoked one invisible again", async () => {
    const james = await as("james.okafor@staff.demo.test");
    const patient = ids.hidden;
    const chat = Number((await rows<{ id: number }>(sql`select id from chats where patient_id = ${patient} limit 1`))[0]!.id);
    expect((await james.get(`/api/v1/users/${patient}`)).status).toBe(404);
    expect((await james.get(`/api/v1/chats/${chat}`)).status).toBe(404);
    expect((await james.get(`/api/v1/patient/${patient}/access`)).status).toBe(404);
    const grant = await c("providers").post<{ grant: { id: number; staff: { id: number }; grantedBy: { id: number } } }>(`/api/v1/patient/${patient}/access`, { staffId: ids.james });
    expect(grant.status).toBe(200);
    expect(grant.body.code).toBe("access.granted");
    expect(grant.body.data!.grant.staff.id).toBe(ids.james);
    expect(grant.body.data!.grant.grantedBy.id).toBe(ids.manager);
    expect((await james.get(`/api/v1/users/${patient}`)).status).toBe(200);
    expect((await james.get(`/api/v1/chats/${chat}`)).status).toBe(200);
    const search = await james.get<{ treatments: { patient: { id: number } }[] }>(`/api/v1/global-search?search=${patient}`);
    expect(search.body.data!.treatments.map((t) => t.patient.id)).toContain(patient);
    // A provider who sees the patient may grant a colleague in turn.
    const byJames = await james.post<{ grant: { id: number } }>(`/api/v1/patient/${patient}/access`, { staffId: ids.sofia });
    expect(byJames.status).toBe(200);
    expect((await james.post(`/api/v1/patient/${patient}/access/${byJames.body.data!.grant.id}/revoke`)).status).toBe(200);
    // Revoked: invisible again.
    expect((await c("medicalSupportManagers").post(`/api/v1/patient/${patient}/access/${grant.body.data!.grant.id}/revoke`)).status).toBe(200);
    expect((await james.get(`/api/v1/users/${patient}`)).status).toBe(404);
    expect((await james.get(`/api/v1/chats/${chat}`)).status).toBe(404);
    expect((await james.get<{ treatments: unknown[] }>(`/api/v1/global-search?search=${patient}`)).body.data!.treatments).toEqual([]);
    // The revoked grant stays on the tab, with who revoked it.
    const a = (await c("providers").get<PatientAccess>(`/api/v1/patient/${patient}/access`)).body.data!;
    expect(a.grants.find((g) => g.id === grant.body.data!.grant.id)?.revokedAt).not.toBeNull();
  });

  it("a dependent sees the supervisor's patients (one level), and no longer once removed", async () => {
    const james = await as("james.okafor@staff.demo.test");
    // The demo provider sees patient@ by treatment and one generated patient by a grant; James sees neither.
    for (const p of [ids.p1, ids.granted]) expect((await james.get(`/api/v1/users/${p}`)).status).toBe(404);
    expect((await c("providers").post(`/api/v1/staff/${ids.provider}/dependents`, { dependentId: ids.james })).status).toBe(200);
    for (const p of [ids.p1, ids.granted]) expect((await james.get(`/api/v1/users/${p}`)).status).toBe(200);
    const deps = await c("providers").get<{ dependents: { id: number }[]; supervisors: { id: number }[] }>(`/api/v1/staff/${ids.provider}/dependents`);
    expect(deps.body.data!.dependents.map((d) => d.id).sort()).toEqual([ids.emily, ids.james].sort());
    const a = (await c("providers").get<PatientAccess>(`/api/v1/patient/${ids.p1}/access`)).body.data!;
    expect(a.dependents.map((d) => d.staff.id)).toContain(ids.james);
    // One level: James's own dependent does not inherit the demo provider's patients through him.
    expect((await c("providers").post(`/api/v1/staff/${ids.james}/dependents`, { dependentId: ids.sofia })).status).toBe(200);
    const sofia = await as("sofia.alvarez@staff.demo.test");
    expect((await sofia.get(`/api/v1/users/${ids.granted}`)).status).toBe(404);
    expect((await c("providers").delete(`/api/v1/staff/${ids.james}/dependents/${ids.sofia}`)).status).toBe(200);
    // Refusals: oneself, twice, a role that sees everyone.
    const codeOf = (r: { body: { data?: unknown } }) => (r.body.data as { fieldCodes: Record<string, { code: string }[]> }).fieldCodes.dependentId[0].code;
    expect(codeOf(await c("providers").post(`/api/v1/staff/${ids.james}/dependents`, { dependentId: ids.james }))).toBe("access.selfDependent");
    expect(codeOf(await c("providers").post(`/api/v1/staff/${ids.provider}/dependents`, { dependentId: ids.james }))).toBe("access.alreadyDependent");
    expect(codeOf(await c("providers").post(`/api/v1/staff/${ids.provider}/dependents`, { dependentId: ids.nurse }))).toBe("access.notScoped");
    expect((await c("providers").post(`/api/v1/staff/${ids.p1}/dependents`, { dependentId: ids.james })).status).toBe(404);
    // Removed: James no longer sees them.
    expect((await c("providers").delete(`/api/v1/staff/${ids.provider}/dependents/${ids.james}`)).status).toBe(200);
    expect((await c("providers").delete(`/api/v1/staff/${ids.provider}/dependents/${ids.james}`)).status).toBe(404);
    for (const p of [ids.p1, ids.granted]) expect((await james.get(`/api/v1/users/${p}`)).status).toBe(404);
  });

  it("the demo provider sees the test suites' sample patients and not the others", async () => {
    const provider = c("providerUsers");
    for (const p of [ids.p1, ids.p2, ids.granted]) expect((await provider.get(`/api/v1/users/${p}`)).status, String(p)).toBe(200);
    expect((await provider.get(`/api/v1/users/${ids.hidden}`)).status).toBe(404);
    // Every other staff role sees every patient.
    for (const role of ["providers", "customerSupport", "customerSupportManagers", "medicalSupport", "medicalSupportManagers"] as const) {
      expect((await c(role).get(`/api/v1/users/${ids.hidden}`)).status).toBe(200);
    }
  });
});

describe("audit and the access log", () => {
  it("writes an audit row for every grant, revoke, read of the tab and read of the log", async () => {
    const before = Number((await rows<{ id: number }>(sql`select coalesce(max(id), 0) as id from audit_events`))[0]!.id);
    const m = c("customerSupportManagers");
    const grant = await m.post<{ grant: { id: number } }>(`/api/v1/patient/${ids.p2}/access`, { staffId: ids.james });
    await m.post(`/api/v1/patient/${ids.p2}/access/${grant.body.data!.grant.id}/revoke`);
    await m.get(`/api/v1/patient/${ids.p2}/access`);
    await m.get(`/api/v1/patient/${ids.p2}/access-log`);
    const audit = await rows<{ action: string; patient_id: number; actor_role: string; meta: Record<string, unknown> | null }>(
      sql`select action, patient_id, actor_role, meta from audit_events where id > ${before} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["patient.access.grant", "patient.access.revoke", "patient.access.read", "patient.accessLog.read"]);
    expect(audit.every((a) => a.patient_id === ids.p2 && a.actor_role === "customerSupportManagers")).toBe(true);
    expect(audit[0].meta).toEqual({ staffId: ids.james });
  });

  it("shows who read the patient (role, what, when), newest first, list reads included, and its own read on the next call", async () => {
    const nurse = c("medicalSupport");
    await nurse.get(`/api/v1/users/${ids.p2}`);
    await nurse.get(`/api/v1/global-search?search=${ids.p2}`);
    const m = c("providers");
    const first = await m.get<AccessLogEntry[]>(`/api/v1/patient/${ids.p2}/access-log`);
    expect(first.status).toBe(200);
    const log = first.body.data!;
    expect(log[0]).toMatchObject({ action: "search.global", actorRole: "medicalSupport", inList: true, actor: { id: ids.nurse } });
    expect(log[1]).toMatchObject({ action: "user.read", actorRole: "medicalSupport", entityType: "user", entityId: String(ids.p2), inList: false });
    expect(log.map((e) => e.id)).toEqual([...log.map((e) => e.id)].sort((a, b) => b - a));
    const again = await m.get<AccessLogEntry[]>(`/api/v1/patient/${ids.p2}/access-log?perPage=1`);
    expect(again.body.data![0]).toMatchObject({ action: "patient.accessLog.read", actorRole: "providers", actor: { id: ids.manager } });
    // Keyset paging: pages of 2 by cursor walk exactly the patient's audit rows, newest first, without repeats.
    const walked: number[] = [];
    let cursor: number | null = null;
    for (let i = 0; i < 4; i++) {
      const page: { body: { data?: AccessLogEntry[]; pages?: unknown } } = await m.get<AccessLogEntry[]>(`/api/v1/patient/${ids.p2}/access-log?perPage=2${cursor ? `&cursor=${cursor}` : ""}`);
      walked.push(...page.body.data!.map((e) => e.id));
      cursor = (page.body.pages as AccessLogPages).nextCursor;
      if (!cursor) break;
    }
    const expected = await rows<{ id: number }>(
      sql`select id from audit_events where (patient_id = ${ids.p2} or ${ids.p2} = any(patient_ids)) and id <= ${walked[0]} order by id desc limit ${walked.length}`,
    );
    expect(walked).toEqual(expected.map((r) => Number(r.id)));
    expect(walked.length).toBe(8);
    expect((await m.get(`/api/v1/patient/${ids.p2}/access-log?perPage=0`)).status).toBe(400);
    expect((await m.get(`/api/v1/patient/${ids.p2}/access-log?cursor=abc`)).status).toBe(400);
  });
});
