/**
 * Database.listen (api/db/client.ts): a NOTIFY reaches a listener in this process (PGlite's own listen) and, on
 * PostgreSQL, a listener of another connection pool — another API instance's view of the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../api/db/client.ts";
import { startTestApi, type TestApi } from "./harness.ts";

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting for the notification");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("Database.listen", () => {
  let api: TestApi;
  let other: Database | undefined;
  beforeAll(async () => {
    api = await startTestApi({ seed: false });
    if (api.database.kind === "postgres") {
      const { rows } = await api.database.executeSql("SELECT current_database() AS name");
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${String(rows[0]!.name)}`;
      other = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    }
  });
  afterAll(async () => {
    await other?.close();
    await api?.close();
  });

  it("delivers a NOTIFY's payload, and stops after unlisten", async () => {
    const listener = other ?? api.database;
    const got: string[] = [];
    const stop = await listener.listen("test_events", (p) => got.push(p));
    await api.database.executeSql("SELECT pg_notify('test_events', $1)", ["one"]);
    await until(() => got.includes("one"));
    await stop();
    await api.database.executeSql("SELECT pg_notify('test_events', $1)", ["two"]);
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toEqual(["one"]);
  });

  it("serves several listeners of one channel, and refuses a channel name that is not a plain identifier", async () => {
    const listener = other ?? api.database;
    const a: string[] = [];
    const b: string[] = [];
    await expect(listener.listen("Chat Events", () => {})).rejects.toThrow(/channel/);
    const stopA = await listener.listen("chat_events_test", (p) => a.push(p));
    const stopB = await listener.listen("chat_events_test", (p) => b.push(p));
    await api.database.executeSql(`SELECT pg_notify('chat_events_test', '{"chatId":1}')`);
    await until(() => a.length === 1 && b.length === 1);
    await stopA();
    await stopB();
  });
});
