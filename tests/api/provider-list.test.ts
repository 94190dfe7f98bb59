/**
 * The patients list calls (spec §4 tabs, status filter, ready-to-review; §7 provider-list, provider-list-past-due,
 * assign-provider-bulk; contract api/contract/provider-list.ts) over real HTTP on a fresh demo database.
 */
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PAST_DUE_HOURS,
  PATIENT_LIST_TABS,
  listTabOf,
  type ProviderListItem,
  type ProviderListPages,
  type Workload,
} from "../../api/contract/provider-list.ts";
import { ROLES, type Role } from "../../api/contract/roles.ts";
import { Client, LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
const clients = new Map<Role, Client>();
const ids = { manager: 0, provider: 0, nurse: 0, patient: 0 };

type ListReply = { status: number; body: { code: string; message: string; data?: ProviderListItem[]; pages?: ProviderListPages & { tabCounts: Record<string, { count: number; capped: boolean }> } } };

async function rows<R>(q: SQL): Promise<R[]> {
  return ((await api.database.db.execute(q)) as unknown as { rows: R[] }).rows;
}
const one = async <R>(q: SQL) => (await rows<R>(q))[0];

const c = (role: Role) => clients.get(role)!;
async function list(role: Role, query: string, path = "/api/v1/treatments/provider-list"): Promise<ListReply> {
  return (await c(role).get<ProviderListItem[]>(path + (query ? "?" + query : ""))) as ListReply;
}
/** Every row of a query, following nextCursor. */
async function all(role: Role, query: string, path?: string): Promise<ProviderListItem[]> {
  const out: ProviderListItem[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) {
    const r = await list(role, query + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""), path);
    expect(r.status).toBe(200);
    out.push(...r.body.data!);
    cursor = r.body.pages!.nextCursor;
    if (!cursor) return out;
  }
  throw new Error("too many pages");
}

beforeAll(async () => {
  api = await startTestApi();
  for (const role of ROLES) clients.set(role, await signedIn(api.url, role as keyof typeof LOGINS | "guest"));
  const byEmail = async (email: string) => Number((await one<{ id: number }>(sql`select id from users where email = ${email}`))!.id);
  ids.manager = await byEmail(LOGINS.providers);
  ids.provider = await byEmail(LOGINS.providerUsers);
  ids.nurse = await byEmail(LOGINS.medicalSupport);
  ids.patient = await byEmail(LOGINS.patients);
});
afterAll(() => api?.close());

describe("who may call what", () => {
  const cases: [string, string, readonly Role[]][] = [
    ["GET", "/api/v1/treatments/provider-list", ["providers", "providerUsers", "customerSupport", "customerSupportManagers", "medicalSupport", "medicalSupportManagers"]],
    ["GET", "/api/v1/treatments/provider-list-past-due", ["providers", "providerUsers"]],
    ["GET", "/api/v1/treatments/provider-workload", ["providers", "customerSupportManagers", "medicalSupportManagers"]],
    ["POST", "/api/v1/treatments/assign-provider-bulk", ["providers", "customerSupportManagers", "medicalSupportManagers"]],
  ];
  for (const [method, path, allowed] of cases) {
    for (const role of ROLES) {
      // A POST by an allowed role gets a 400 for its empty body: the gate let it through.
      const expected = allowed.includes(role) ? (method === "GET" ? 200 : 400) : role === "guest" ? 401 : 403;
      it(`${method} ${path} as ${role} → ${expected}`, async () => {
        const r = await c(role).request(method, path, method === "GET" ? undefined : {});
        expect(r.status).toBe(expected);
      });
    }
  }
});

describe("tabs", () => {
  it("every tab has rows in the demo population, and each row is in its tab by the contract's rules", async () => {
    for (const tab of PATIENT_LIST_TABS) {
      const got = await all("providers", `tab=${tab}&perPage=100`);
      expect(got.length, tab).toBeGreaterThan(0);
      for (const row of got) {
        expect(row.tab).toBe(listTabOf(row.patientStatusKey, row.reviewStatus));
        if (tab !== "all") expect(row.tab).toBe(tab);
      }
      const dbCount = Number(
        (await one<{ n: number }>(tab === "all" ? sql`select count(*) as n from treatments` : sql`select count(*) as n from treatments where list_tab = ${tab}`))!.n,
      );
      expect(got.length, tab).toBe(dbCount);
    }
  });

  it("tab counts are the rows of each tab under the same filters", async () => {
    const r = await list("providers", "journey=1");
    expect(r.status).toBe(200);
    for (const tab of PATIENT_LIST_TABS) {
      const n = Number(
        (await one<{ n: number }>(
          tab === "all" ? sql`select count(*) as n from treatments where section_type = 1` : sql`select count(*) as n from treatments where section_type = 1 and list_tab = ${tab}`,
        ))!.n,
      );
      expect(r.body.pages!.tabCounts[tab]).toEqual({ count: n, capped: false });
    }
    expect(r.body.pages!.totalCount).toBe(r.body.pages!.tabCounts.all.count);
  });

  it("a change of the patient's status moves their treatments to another tab (triggers of migration 0011)", async () => {
    const t = (await one<{ id: number; patient_id: number; status: number; status_key: string }>(
      sql`select t.id, t.patient_id, p.status, p.status_key from treatments t join patients p on p.user_id = t.patient_id where t.list_tab = 'unresponsive' limit 1`,
    ))!;
    await api.database.db.execute(sql`update patients set status = 3, status_key = 'missing_information' where user_id = ${t.patient_id}`);
    const moved = await all("providers", "tab=missing_information&perPage=100");
    expect(moved.map((r) => r.id)).toContain(t.id);
    await api.database.db.execute(sql`update patients set status = ${t.status}, status_key = ${t.status_key} where user_id = ${t.patient_id}`);
    expect((await all("providers", "tab=unresponsive&perPage=100")).map((r) => r.id)).toContain(t.id);
  });
});

describe("filters", () => {
  it("status inactive / active", async () => {
    const inactive = await all("providers", "status=inactive&perPage=100");
    expect(inactive.length).toBeGreaterThan(0);
    for (const r of inactive) expect(r.patientStatus).toBe(0);
    const active = await all("providers", "status=active&perPage=100");
    expect(active.length).toBeGreaterThan(0);
    for (const r of active) expect(r.patientStatus).not.toBe(0);
  });

  it("ready to review: new patient / refill", async () => {
    for (const kind of ["new_patient", "refill"] as const) {
      const got = await all("providers", `readyToReview=${kind}&perPage=100`);
      expect(got.length, kind).toBeGreaterThan(0);
      for (const r of got) expect([r.reviewStatus, r.reviewKind]).toEqual(["pending", kind]);
    }
  });

  it("journey, provider and review status", async () => {
    for (const journey of [1, 2, 3, 4]) {
      const got = await all("providers", `journey=${journey}&perPage=100`);
      expect(got.length).toBeGreaterThan(0);
      for (const r of got) expect(r.sectionType).toBe(journey);
    }
    const mine = await all("providers", `providerId=${ids.provider}&perPage=100`);
    expect(mine.length).toBeGreaterThan(0);
    for (const r of mine) expect(r.provider?.id).toBe(ids.provider);
    const pending = await all("providers", `reviewStatus=pending&tab=review_ready&perPage=100`);
    for (const r of pending) expect([r.reviewStatus, r.tab]).toEqual(["pending", "review_ready"]);
  });

  it("the displayed state follows spec §4", async () => {
    const got = await all("providers", "perPage=100");
    for (const r of got) {
      const cancelledSub = r.subscriptionStatus === 3 || r.subscriptionStatus === 4;
      // Spec §4, literally: a cancelled review whose subscription is not cancelled or not renewed reads "approved" ("else approved").
      const expected = r.reviewStatus !== "declined" && cancelledSub ? "cancelled" : r.reviewStatus === "cancelled" ? "approved" : r.reviewStatus;
      expect(r.displayedState).toBe(expected);
    }
    expect(new Set(got.map((r) => r.displayedState))).toEqual(new Set(["pending", "approved", "cancelled", "declined"]));
  });
});

describe("search", () => {
  it("by name, treatment or patient ID, phone, email and date of birth", async () => {
    const emma = (await all("providers", "search=emma%20car&perPage=100"));
    expect(emma.length).toBeGreaterThan(0);
    for (const r of emma) expect(r.patient.fullName.toLowerCase().startsWith("emma car")).toBe(true);
    // Several words are the beginning of the full name, whatever the case and the spaces between them.
    expect((await all("providers", "search=%20EMMA%20%20%20carter&perPage=100")).map((r) => r.id)).toEqual(emma.filter((r) => r.patient.fullName.toLowerCase().startsWith("emma carter")).map((r) => r.id));
    expect(await all("providers", "search=carter%20emma&perPage=100")).toEqual([]);
    expect(emma.every((r) => r.patient.id === ids.patient)).toBe(true);

    const byPatientId = await all("providers", `search=${ids.patient}&perPage=100`);
    expect(byPatientId.map((r) => r.patient.id)).toContain(ids.patient);
    const t = emma[0]!;
    const byTreatmentId = await all("providers", `search=${t.id}&perPage=100`);
    expect(byTreatmentId.map((r) => r.id)).toContain(t.id);
    for (const r of byTreatmentId) expect(r.id === t.id || r.patient.id === t.id).toBe(true);

    for (const phone of ["(415) 555-0123", "+1 415 555 0123", "4155550123"]) {
      const got = await all("providers", `search=${encodeURIComponent(phone)}&perPage=100`);
      expect(got.length, phone).toBe(emma.length);
      for (const r of got) expect(r.patient.phone).toBe("+14155550123");
    }
    for (const email of ["patient@demo.test", "PATIENT@demo"]) {
      const got = await all("providers", `search=${encodeURIComponent(email)}&perPage=100`);
      expect(got.length, email).toBeGreaterThan(0);
      for (const r of got) expect(r.patient.email.toLowerCase().startsWith(email.toLowerCase())).toBe(true);
    }
    for (const dob of ["04/17/1988", "1988-04-17"]) {
      const got = await all("providers", `search=${encodeURIComponent(dob)}&perPage=100`);
      expect(got.length, dob).toBeGreaterThan(0);
      for (const r of got) expect(r.patient.dateOfBirth).toBe("1988-04-17");
    }
    const none = await list("providers", "search=%25_no%20such%20name");
    expect(none.body.data).toEqual([]);
    expect(none.body.pages!.tabCounts.all.count).toBe(0);
  });
});

describe("sorting and cursor paging", () => {
  for (const sort of ["id_desc", "id_asc", "name_asc", "name_desc"] as const) {
    it(`${sort}: pages by cursor cover the tab once, in order`, async () => {
      const got = await all("providers", `tab=all&sort=${sort}&perPage=17`);
      const n = Number((await one<{ n: number }>(sql`select count(*) as n from treatments`))!.n);
      expect(got.length).toBe(n);
      expect(new Set(got.map((r) => r.id)).size).toBe(n);
      const key = (r: ProviderListItem): [string, number] => [sort.startsWith("name") ? r.patient.fullName : "", r.id];
      const sorted = [...got].sort((a, b) => {
        const [an, ai] = key(a);
        const [bn, bi] = key(b);
        const cmp = an < bn ? -1 : an > bn ? 1 : ai - bi;
        return sort.endsWith("desc") ? -cmp : cmp;
      });
      if (sort.startsWith("id")) expect(got.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
      else for (let i = 1; i < got.length; i++) expect(sort === "name_asc" ? got[i - 1]!.patient.fullName <= got[i]!.patient.fullName : got[i - 1]!.patient.fullName >= got[i]!.patient.fullName).toBe(true);
    });
  }
});

describe("who sees which patient", () => {
  it("a provider (providerUsers) sees only the patients of their treatments and grants", async () => {
    const visible = new Set(
      (await rows<{ id: number }>(sql`select distinct patient_id as id from treatments where provider_id = ${ids.provider}
        union select patient_id from staff_patient_access where staff_id = ${ids.provider} and revoked_at is null`)).map((r) => Number(r.id)),
    );
    const got = await all("providerUsers", "perPage=100");
    expect(got.length).toBeGreaterThan(0);
    const seen = new Set(got.map((r) => r.patient.id));
    for (const id of seen) expect(visible.has(id)).toBe(true);
    const total = Number((await one<{ n: number }>(sql`select count(*) as n from treatments where patient_id = any(${`{${[...visible].join(",")}}`}::int[])`))!.n);
    expect(got.length).toBe(total);
    // And in the past-due list.
    for (const r of await all("providerUsers", "perPage=100", "/api/v1/treatments/provider-list-past-due")) expect(visible.has(r.patient.id)).toBe(true);
  });

  it("a provider's own list (staff_treatment_list, migration 0017) answers what the clinic-wide list does for their patients, for every filter, sort and past due", async () => {
    const visible = new Set(
      (await rows<{ id: number }>(sql`select distinct patient_id as id from treatments where provider_id = ${ids.provider}
        union select patient_id from staff_patient_access where staff_id = ${ids.provider} and revoked_at is null`)).map((r) => Number(r.id)),
    );
    const mine = (items: ProviderListItem[]) => items.filter((r) => visible.has(r.patient.id)).map((r) => r.id);
    const queries = [
      "perPage=7&status=inactive",
      "perPage=7&status=active&tab=active",
      "perPage=7&readyToReview=new_patient",
      "perPage=7&readyToReview=refill&tab=review_ready",
      "perPage=7&journey=1",
      "perPage=7&journey=2&tab=inactive",
      `perPage=7&providerId=${ids.provider}`,
      "perPage=7&sort=name_asc",
      "perPage=7&sort=name_desc&tab=active",
      "perPage=7&sort=id_asc&tab=new_intake",
      "perPage=7&search=a",
      // 3 characters or more: read through the trigram index (readByBitmap), with cursors and a name sort.
      "perPage=7&search=car",
      "perPage=7&search=son&sort=name_desc",
      "perPage=7&search=emma%20car",
    ];
    // The provider pages by 7 (cursors inside their own rows), the clinic-wide list by 100.
    for (const q of queries) expect((await all("providerUsers", q)).map((r) => r.id), q).toEqual(mine(await all("providers", q.replace("perPage=7", "perPage=100"))));
    // A search of 3+ characters is one statement (nameSearchSql): its counts are those of the rows it pages through,
    // on the first page (every tab) and on a page by cursor (the tab's own).
    for (const q of ["perPage=3&search=car", "perPage=3&search=son&tab=active"]) {
      const matches = await all("providerUsers", q);
      const first = await list("providerUsers", q);
      expect(first.body.pages!.totalCount, q).toBe(matches.length);
      expect(first.body.pages!.tabCounts!.active?.count ?? 0, q).toBe(matches.filter((r) => r.tab === "active").length);
      const cursor = first.body.pages!.nextCursor;
      if (cursor) expect((await list("providerUsers", `${q}&cursor=${encodeURIComponent(cursor)}`)).body.pages!.totalCount, q).toBe(matches.length);
    }
    const pastDue = "/api/v1/treatments/provider-list-past-due";
    expect((await all("providerUsers", "perPage=5", pastDue)).map((r) => r.id)).toEqual(mine(await all("providers", "perPage=100", pastDue)));
    // The copies follow the treatment: a change of the patient's status and of the treatment's review moves the row.
    const [first] = await all("providerUsers", "perPage=1&tab=active");
    await api.database.db.execute(sql`update patients set status = 0, status_key = 'canceled' where user_id = ${first.patient.id}`);
    expect((await all("providerUsers", "perPage=50&status=inactive&tab=inactive")).map((r) => r.id)).toContain(first.id);
    expect((await all("providerUsers", "perPage=50&tab=active")).map((r) => r.id)).not.toContain(first.id);
  });
});

describe("bad input", () => {
  const bad: [string, string][] = [
    ["tab=everything", "tab"],
    ["status=sleeping", "status"],
    ["readyToReview=soon", "readyToReview"],
    ["journey=9", "journey"],
    ["journey=abc", "journey"],
    ["providerId=-3", "providerId"],
    ["perPage=0", "perPage"],
    ["perPage=101", "perPage"],
    ["sort=age", "sort"],
    ["cursor=not-a-cursor", "cursor"],
    [`search=${"x".repeat(101)}`, "search"],
  ];
  for (const [query, field] of bad) {
    it(`${query.slice(0, 40)} → 400 on ${field}`, async () => {
      const r = (await list("providers", query)) as ListReply & { body: { data?: { fieldCodes?: Record<string, unknown> } } };
      expect(r.status).toBe(400);
      expect(Object.keys((r.body.data as unknown as { fieldCodes: Record<string, unknown> }).fieldCodes)).toContain(field);
    });
  }
  it("a cursor of another sort is refused", async () => {
    const first = await list("providers", "sort=id_desc&perPage=5");
    const r = await list("providers", `sort=name_asc&cursor=${first.body.pages!.nextCursor}`);
    expect(r.status).toBe(400);
  });
  it("past due: a malformed query → 400", async () => {
    expect((await list("providers", "journey=7", "/api/v1/treatments/provider-list-past-due")).status).toBe(400);
  });
});

describe("past due", () => {
  it(`pending reviews older than ${PAST_DUE_HOURS} hours, oldest first`, async () => {
    const got = await all("providers", "perPage=7", "/api/v1/treatments/provider-list-past-due");
    const n = Number((await one<{ n: number }>(sql`select count(*) as n from treatments where review_status = 'pending' and created_at < now() - interval '48 hours'`))!.n);
    expect(n).toBeGreaterThan(0);
    expect(got.length).toBe(n);
    for (const r of got) {
      expect(r.reviewStatus).toBe("pending");
      expect(r.waitingHours!).toBeGreaterThanOrEqual(PAST_DUE_HOURS);
    }
    for (let i = 1; i < got.length; i++) expect(got[i - 1]!.createdAt <= got[i]!.createdAt).toBe(true);
  });
});

describe("audit", () => {
  it("a list read is one audit row with the ids of the patients it returned, never the search text", async () => {
    const before = Number((await one<{ id: number }>(sql`select coalesce(max(id), 0) as id from audit_events`))!.id);
    const r = await list("medicalSupport", "search=carter&perPage=5");
    const rowsWritten = await rows<{ action: string; patient_ids: number[]; meta: Record<string, unknown>; actor_id: number }>(
      sql`select action, patient_ids, meta, actor_id from audit_events where id > ${before} and action = 'treatments.list'`,
    );
    expect(rowsWritten).toHaveLength(1);
    expect(rowsWritten[0]!.actor_id).toBe(ids.nurse);
    expect([...rowsWritten[0]!.patient_ids].sort()).toEqual([...new Set(r.body.data!.map((x) => x.patient.id))].sort());
    expect(JSON.stringify(rowsWritten[0]!.meta)).not.toContain("carter");
  });
});

describe("workload", () => {
  it("open reviews and patients per provider, as the database counts them", async () => {
    const r = await c("providers").get<Workload>("/api/v1/treatments/provider-workload");
    expect(r.status).toBe(200);
    const w = r.body.data!;
    expect(w.providers.length).toBeGreaterThan(0);
    for (const p of w.providers) {
      const db = (await one<{ n: number; p: number }>(
        sql`select count(*) as n, count(distinct patient_id) as p from treatments where provider_id = ${p.provider.id} and review_status = 'pending'`,
      ))!;
      expect([p.openReviews, p.patients]).toEqual([Number(db.n), Number(db.p)]);
    }
    const unassigned = Number((await one<{ n: number }>(sql`select count(*) as n from treatments where provider_id is null and review_status = 'pending'`))!.n);
    expect(w.unassigned.openReviews).toBe(unassigned);
  });
});

describe("bulk assignment", () => {
  const providerOf = async (id: number) => (await one<{ p: number | null }>(sql`select provider_id as p from treatments where id = ${id}`))!.p;

  it("moves every treatment to the provider, with one audit row per treatment", async () => {
    const picked = await rows<{ id: number; patient_id: number }>(sql`select id, patient_id from treatments where provider_id is distinct from ${ids.provider} order by id limit 3`);
    const before = Number((await one<{ id: number }>(sql`select coalesce(max(id), 0) as id from audit_events`))!.id);
    const r = await c("medicalSupportManagers").post<{ ids: number[]; count: number }>("/api/v1/treatments/assign-provider-bulk", { ids: picked.map((p) => p.id), providerId: ids.provider });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe("providerList.assigned");
    expect(r.body.data).toEqual({ ids: picked.map((p) => p.id), count: 3 });
    for (const p of picked) expect(await providerOf(p.id)).toBe(ids.provider);
    const audits = await rows<{ entity_id: string; patient_id: number; action: string }>(
      sql`select entity_id, patient_id, action from audit_events where id > ${before} and action = 'treatment.assignProvider' order by entity_id::int`,
    );
    expect(audits.map((a) => [Number(a.entity_id), a.patient_id])).toEqual(picked.map((p) => [p.id, p.patient_id]));
  });

  it("all or nothing: an unknown treatment among them → 404 and nothing changes", async () => {
    const picked = await rows<{ id: number; provider_id: number | null }>(sql`select id, provider_id from treatments where provider_id is distinct from ${ids.manager} order by id desc limit 2`);
    const r = await c("providers").post("/api/v1/treatments/assign-provider-bulk", { ids: [...picked.map((p) => p.id), 2147483000], providerId: ids.manager });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("providerList.notFound");
    for (const p of picked) expect(await providerOf(p.id)).toBe(p.provider_id);
  });

  it("the provider must be an active clinician; the body must be well formed", async () => {
    const t = (await one<{ id: number }>(sql`select id from treatments order by id limit 1`))!.id;
    for (const [body, field] of [
      [{ ids: [t], providerId: ids.nurse }, "providerId"],
      [{ ids: [t], providerId: ids.patient }, "providerId"],
      [{ ids: [], providerId: ids.provider }, "ids"],
      [{ ids: Array.from({ length: 101 }, (_, i) => i + 1), providerId: ids.provider }, "ids"],
      [{ ids: ["x"], providerId: ids.provider }, "ids.0"],
      [{ ids: [t] }, "providerId"],
    ] as const) {
      const r = await c("providers").post<{ fieldCodes: Record<string, unknown> }>("/api/v1/treatments/assign-provider-bulk", body);
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys(r.body.data!.fieldCodes)).toContain(field);
    }
  });
});
