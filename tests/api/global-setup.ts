/**
 * Builds the API suite's database templates once per run: a migrated database and a migrated + demo-seeded
 * one. Each test file then starts from a copy (a PGlite dump, or CREATE DATABASE … TEMPLATE on PostgreSQL),
 * which is much faster than migrating and seeding in every file, and still a fresh database per file.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../api/db/client.ts";
import { seedDemo } from "../../api/db/seed/demo.ts";

declare module "vitest" {
  export interface ProvidedContext {
    apiTemplates: { kind: "pglite"; migrated: string; seeded: string } | { kind: "postgres"; migrated: string; seeded: string };
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.API_TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) {
    const dir = path.resolve(".tmp", `api-templates-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    const db = await openDatabase({ dataDir: "memory://" });
    await db.migrate();
    const migrated = path.join(dir, "migrated.tar");
    writeFileSync(migrated, Buffer.from(await (await db.dump!()).arrayBuffer()));
    await seedDemo(db.db);
    const seeded = path.join(dir, "seeded.tar");
    writeFileSync(seeded, Buffer.from(await (await db.dump!()).arrayBuffer()));
    await db.close();
    project.provide("apiTemplates", { kind: "pglite", migrated, seeded });
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const { default: pg } = await import("pg");
  const suffix = `${Date.now()}_${randomBytes(3).toString("hex")}`;
  const names = { migrated: `th_tmpl_migrated_${suffix}`, seeded: `th_tmpl_seeded_${suffix}` };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const name of Object.values(names)) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  for (const [which, name] of Object.entries(names)) {
    const dbUrl = new URL(url);
    dbUrl.pathname = "/" + name;
    const db = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 2 });
    await db.migrate();
    if (which === "seeded") await seedDemo(db.db);
    await db.close();
  }
  project.provide("apiTemplates", { kind: "postgres", ...names });
  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    for (const name of Object.values(names)) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}
