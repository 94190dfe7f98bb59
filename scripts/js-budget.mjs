// The JavaScript budget of every page (ARCHITECTURE §8), as functions of a build manifest, so that
// scripts/js-size.mjs and its unit test (tests/unit/js-budget.test.ts, on a fixture manifest) share them.

// The shell's aim is 125 KB (room for the screens to come); it is checked at 126 KB, its size today plus
// rounding, so that it cannot grow unnoticed.
export const BUDGET_KB = { shell: 126, patient: 150, public: 150, staff: 200, design: 200 };

/**
 * Route id → ceiling in KB: over the budget today, may not grow (tighten it when a page shrinks). These are the
 * patient form pages: they check their fields without zod now (app/lib/form-checks.ts), and what is left over
 * the budget is conform (about 9 KB) on a shell that still carries tailwind-merge (about 9 KB) — README
 * "JavaScript per page".
 */
export const KNOWN_OVER = {
  "routes/patient/account/profile": 158,
  "routes/patient/account/payment-details": 155,
  "routes/patient/account/pharmacy": 153,
  "routes/patient/account/security": 156.5,
};

/** Which budget a route id falls under; null for routes that are no page of their own (resources, actions). */
export function areaOf(id) {
  if (id === "root") return "shell";
  if (id.startsWith("routes/patient/")) return "patient";
  if (id.startsWith("staff/") || id.startsWith("manager/") || id.startsWith("provider/") || /^routes\/(staff|manager|provider|layouts\/(staff|review))/.test(id)) return "staff";
  // The design-system pages are the team's reference (every component, charts included), not a patient page.
  if (id.startsWith("routes/design/")) return "design";
  if (id.startsWith("routes/resources/") || id.startsWith("routes/actions/")) return null;
  return "public";
}

/**
 * One row per route: the gzip KB of the entry, the route chain (the route and its parents) and their imports
 * (`gzipBytes(file)` gives a file's gzip size), with its budget and its ceiling (the budget, or KNOWN_OVER's).
 */
export function measure(assets, gzipBytes, knownOver = KNOWN_OVER, budgets = BUDGET_KB) {
  return Object.keys(assets.routes).map((id) => {
    const files = new Set([assets.entry.module, ...assets.entry.imports]);
    for (let r = assets.routes[id]; r; r = r.parentId ? assets.routes[r.parentId] : undefined) {
      files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
    }
    let bytes = 0;
    for (const f of files) bytes += gzipBytes(f);
    const kind = areaOf(id);
    const budget = kind ? budgets[kind] : null;
    return { id, kind, kb: bytes / 1024, budget, ceiling: knownOver[id] ?? budget };
  });
}

/** What the check reports: the pages over their ceiling (a failure), and KNOWN_OVER entries to remove. */
export function check(rows, knownOver = KNOWN_OVER) {
  const over = rows.filter((r) => r.ceiling !== null && r.kb > r.ceiling).map((r) => `${r.id}: ${r.kb.toFixed(1)} KB > ${r.ceiling} KB`);
  const stale = [];
  for (const id of Object.keys(knownOver)) {
    const r = rows.find((x) => x.id === id);
    if (!r) over.push(`${id}: listed in KNOWN_OVER but not a route`);
    else if (r.budget !== null && r.kb <= r.budget) stale.push(`${id} is within its budget now (${r.kb.toFixed(1)} KB): remove it from KNOWN_OVER.`);
  }
  return { over, stale };
}
