#!/usr/bin/env node
// `npm run size`: gzip size of the JavaScript each route loads (entry + its route chain and their imports),
// read from the built app's manifest — the figure of the ARCHITECTURE §8 budget (≤ 150 KB on patient pages).
// Run after a build (`npm run build`; BUILD_DIR selects another build). Prints the patient pages first.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dir = path.resolve(process.env.BUILD_DIR ?? "build");
const { assets } = await import(pathToFileURL(path.join(dir, "server/index.js")).href);
const sizes = new Map();
const gz = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dir, "client", file))).length);
  return sizes.get(file);
};
const rows = Object.keys(assets.routes).map((id) => {
  const files = new Set([assets.entry.module, ...assets.entry.imports]);
  for (let r = assets.routes[id]; r; r = r.parentId ? assets.routes[r.parentId] : undefined) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  let bytes = 0;
  for (const f of files) bytes += gz(f);
  return { id, path: assets.routes[id].path ?? "", kb: bytes / 1024 };
});
const BUDGET_KB = 150;
const patient = rows.filter((r) => r.id.startsWith("routes/patient/")).sort((a, b) => b.kb - a.kb);
const other = rows.filter((r) => !r.id.startsWith("routes/patient/") && r.id !== "root").sort((a, b) => b.kb - a.kb);
const line = (r) => `${r.kb.toFixed(1).padStart(7)} KB  ${r.id}${r.kb > BUDGET_KB ? "  (over the patient-page budget)" : ""}`;
console.log(`root alone: ${rows.find((r) => r.id === "root").kb.toFixed(1)} KB gzip\n\nPatient pages (budget ${BUDGET_KB} KB gzip):`);
for (const r of patient) console.log(line(r));
console.log("\nOther pages (largest 10):");
for (const r of other.slice(0, 10)) console.log(`${r.kb.toFixed(1).padStart(7)} KB  ${r.id}`);
