/**
 * No health data or personal details in logs (issue 12): a failed query's error holds its SQL and every
 * parameter, and a database error's detail quotes values; the log line of a 500 carries the SQLSTATE, the
 * statement's verb and table and the route only.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app.ts";
import { users } from "../../api/db/schema.ts";
import { errorFields } from "../../api/logger.ts";
import { LOGINS, signedIn, startTestApi, type TestApi } from "./harness.ts";

let api: TestApi;
let server: Server;
let base: string;
const lines: { msg: string; meta?: Record<string, unknown> }[] = [];

beforeAll(async () => {
  api = await startTestApi();
  const logger = { error: (msg: string, meta?: Record<string, unknown>) => lines.push({ msg, meta }), warn: () => {}, info: () => {} };
  server = createApi({ config: api.config, database: api.database, logger }).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await api?.close();
});

describe("database errors in the log", () => {
  it("a query that fails logs its SQLSTATE, statement and route, none of its values", async () => {
    const patient = await signedIn(base, "patients");
    // Every later update of a user fails in the database, as a broken constraint or a lost connection would.
    await api.database.db.execute(
      sql.raw(`create function forced_failure() returns trigger language plpgsql as $$ begin raise exception 'forced failure' using errcode = 'P0001'; end $$`),
    );
    await api.database.db.execute(sql.raw("create trigger forced_failure before update on users for each row execute function forced_failure()"));
    try {
      const r = await patient.put("/api/v1/profile", { firstName: "Zebediah", lastName: "Quixotic", phone: "(415) 555-0199" });
      expect(r.status).toBe(500);
      expect(r.body.message).toBe("Internal error");
    } finally {
      await api.database.db.execute(sql.raw("drop trigger forced_failure on users"));
      await api.database.db.execute(sql.raw("drop function forced_failure()"));
    }
    const line = lines.find((l) => l.msg === "unhandled error");
    expect(line).toBeDefined();
    const text = JSON.stringify(line);
    for (const value of ["Zebediah", "Quixotic", "555-0199", "4155550199", LOGINS.patients, "params", "Failed query"]) expect(text).not.toContain(value);
    expect(line!.meta).toMatchObject({ sqlstate: "P0001", statement: "update users", route: "/api/v1/profile", method: "PUT" });
  });

  it("a unique violation's detail (which quotes the value) is not kept", async () => {
    let error: unknown;
    try {
      await api.database.db.insert(users).values({ email: LOGINS.patients, role: "patients", firstName: "Dup", lastName: "Licate" } as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Error);
    const fields = errorFields(error);
    expect(fields.sqlstate).toBe("23505");
    expect(fields.statement).toBe("insert users");
    expect(JSON.stringify(fields)).not.toMatch(/demo\.test|Licate|Dup/);
  });
});
