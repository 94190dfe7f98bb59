/**
 * The patient record at scale (issue 13, H2; ARCHITECTURE §8: p95 ≤ 20 ms at 1M patients): the overview call
 * `GET /api/v1/patient/{id}` (one statement: the user, the patient, both addresses, four image lookups, the newest
 * treatment and plan; plus its audit row), and beside it the tabs' reads (records, treatments, orders, weights),
 * each over 500 patients of the scaled population so that no case reads one warm row. Called from bench/run.ts
 * with its `add` (measure and record) and `get` (a signed-in GET); the database floor of the overview's statement
 * is measured through `pg` directly.
 */
import type pg from "pg";

type Add = (name: string, run: (i: number) => Promise<number | void>) => Promise<void>;

export async function benchPatientRecord({ add, get, direct }: { add: Add; get: (p: string) => Promise<unknown>; direct: pg.Pool }): Promise<void> {
  const ids = (await direct.query("select user_id as id from patients tablesample system (1) limit 500")).rows.map((r) => r.id as number);
  if (ids.length === 0) return;
  const id = (i: number) => ids[(i * 7) % ids.length];
  process.stdout.write(`\nThe patient record (${ids.length} patients of the population, varying):\n`);
  await add("GET /api/v1/patient/{id} (the record's overview + audit row)", async (i) => {
    await get(`/api/v1/patient/${id(i)}`);
  });
  await add("GET /api/v1/patient/{id}/records (visits and notes, page 1)", async (i) => {
    await get(`/api/v1/patient/${id(i)}/records`);
  });
  await add("GET /api/v1/treatments-v2?patientId= (with subscriptions)", async (i) => {
    await get(`/api/v1/treatments-v2?patientId=${id(i)}`);
  });
  await add("GET /api/v1/patient/{id}/orders (page 1)", async (i) => {
    await get(`/api/v1/patient/${id(i)}/orders`);
  });
  await add("GET /api/v1/patient/{id}/weights", async (i) => {
    await get(`/api/v1/patient/${id(i)}/weights`);
  });
}
