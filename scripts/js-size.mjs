#!/usr/bin/env node
// `npm run size`: gzip size of the JavaScript each route loads (entry + its route chain and their imports),
// read from the built app's manifest — the figure of the ARCHITECTURE §8 budget. Run after a build
// (`npm run build`; BUILD_DIR selects another build). Prints the patient and public pages first.
//
// `--check` (run by `npm test` after the build) fails when a page is over its budget:
//   patient and public pages ≤ 150 KB, staff and manager pages ≤ 200 KB, the shell (root) ≤ 125 KB, the
//   design-system pages (the team's reference) ≤ 200 KB.
// KNOWN_OVER lists the pages that are over today, each with the ceiling it may not grow past (a ratchet):
// they are the form pages that still validate with zod in the browser (README "JavaScript per page").
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { pathToFileURL } from "node:url";

const check = process.argv.includes("--check");
const dir = path.resolve(process.env.BUILD_DIR ?? "build");
const { assets } = await import(pathToFileURL(path.join(dir, "server/index.js")).href);
const sizes = new Map();
const gz = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dir, "client", file))).length);
  return sizes.get(file);
};

// The shell's aim is 125 KB (room for the screens to come); it is checked at 126 KB, its size today plus
// rounding, so that it cannot grow unnoticed.
const BUDGET_KB = { shell: 126, patient: 150, public: 150, staff: 200, design: 200 };
/** Route id → ceiling in KB: over the budget today, may not grow (tighten when a page shrinks). */
const KNOWN_OVER = {
  "routes/patient/account/profile": 192,
  "routes/patient/account/payment-details": 190.5,
  "routes/patient/account/pharmacy": 188,
  "routes/patient/account/security": 187.5,
  "routes/public/login": 179,
  "routes/public/set-password": 179.5,
  "routes/public/forgot-password": 177,
};

const area = (id) => {
  if (id === "root") return "shell";
  if (id.startsWith("routes/patient/")) return "patient";
  if (id.startsWith("staff/") || id.startsWith("manager/") || id.startsWith("provider/") || /^routes\/(staff|manager|provider|layouts\/(staff|review))/.test(id)) return "staff";
  // The design-system pages are the team's reference (every component, charts included), not a patient page.
  if (id.startsWith("routes/design/")) return "design";
  if (id.startsWith("routes/resources/") || id.startsWith("routes/actions/")) return null; // no page of their own
  return "public";
};

const rows = Object.keys(assets.routes).map((id) => {
  const files = new Set([assets.entry.module, ...assets.entry.imports]);
  for (let r = assets.routes[id]; r; r = r.parentId ? assets.routes[r.parentId] : undefined) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  let bytes = 0;
  for (const f of files) bytes += gz(f);
  const kind = area(id);
  const budget = kind ? BUDGET_KB[kind] : null;
  return { id, kind, kb: bytes / 1024, budget, ceiling: KNOWN_OVER[id] ?? budget };
});

const line = (r) => {
  const note = r.ceiling !== null && r.kb > r.ceiling ? `  OVER (${r.ceiling} KB)` : r.budget !== null && r.kb > r.budget ? `  over the ${r.budget} KB budget (known, ≤ ${r.ceiling} KB)` : "";
  return `${r.kb.toFixed(1).padStart(7)} KB  ${r.id}${note}`;
};
const byKind = (kind) => rows.filter((r) => r.kind === kind).sort((a, b) => b.kb - a.kb);
console.log(`root alone (the shell): ${rows.find((r) => r.id === "root").kb.toFixed(1)} KB gzip (budget ${BUDGET_KB.shell} KB)`);
for (const [kind, title, limit] of [
  ["patient", "Patient pages", Infinity],
  ["public", "Public pages", Infinity],
  ["staff", "Staff and manager pages (largest 10)", 10],
  ["design", "Design-system pages", Infinity],
]) {
  console.log(`\n${title} (budget ${BUDGET_KB[kind]} KB gzip):`);
  for (const r of byKind(kind).slice(0, limit)) console.log(line(r));
}

if (check) {
  const over = rows.filter((r) => r.ceiling !== null && r.kb > r.ceiling);
  for (const [id, ceiling] of Object.entries(KNOWN_OVER)) {
    const r = rows.find((x) => x.id === id);
    if (!r) over.push({ id, kb: NaN, ceiling, note: "listed in KNOWN_OVER but not a route" });
    else if (r.kb <= r.budget) console.log(`\n${id} is within its budget now (${r.kb.toFixed(1)} KB): remove it from KNOWN_OVER.`);
  }
  if (over.length > 0) {
    console.error(`\nJavaScript budget exceeded:\n${over.map((r) => `  ${r.id}: ${Number.isNaN(r.kb) ? r.note : `${r.kb.toFixed(1)} KB > ${r.ceiling} KB`}`).join("\n")}`);
    process.exit(1);
  }
  console.log("\nEvery page is within its JavaScript budget.");
}
