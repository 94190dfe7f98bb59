import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { Client, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(() => api?.close());

describe("system endpoints", () => {
  it("reports health with the database state", async () => {
    const r = await new Client(api.url).get<{ status: string; database: string }>("/api/health");
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: "ok", database: "up" });
  });

  it("publishes an OpenAPI document generated from the contract", async () => {
    const r = await fetch(api.url + "/api/openapi.json");
    const doc = (await r.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/actions/users/login"].post).toBeTruthy();
    expect(doc.paths["/api/v1/users/{id}"].get).toBeTruthy();
  });

  it("answers JSON for unknown paths and unreadable bodies, without framework headers", async () => {
    const c = new Client(api.url);
    const r = await c.get("/api/v1/nope");
    expect(r.status).toBe(404);
    expect(r.body.message).toBe("No such endpoint.");
    expect(r.body.code).toBe("common.noSuchEndpoint");
    expect(r.headers.get("x-powered-by")).toBeNull();
    await c.sessionInfo();
    const bad = await fetch(api.url + "/actions/users/login", { method: "POST", headers: { "Content-Type": "application/json", "X-CSRF-Token": c.csrf }, body: "{oops" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: "common.badRequest", message: "The request could not be read." });
  });

  it("keeps the audit trail append-only", async () => {
    await api.database.db.execute(sql`insert into audit_events (actor_role, action) values ('guest', 'test.append')`);
    await expect(api.database.db.execute(sql`update audit_events set action = 'changed'`)).rejects.toThrow();
    await expect(api.database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
  });
});
