// The JavaScript budget of every page (ARCHITECTURE §8), as functions of a build manifest, so that
// scripts/js-size.mjs and its unit test (tests/unit/js-budget.test.ts, on a fixture manifest) share them.

// The shell's budget is 125 KB (ARCHITECTURE §8); it is checked at 118 KB, its size today (117.2 KB: our root
// modules in one chunk, vite.config.ts, with the connection-lost middleware, and since issue 11 part 4 the toaster
// and analytics of the former "shell" layout, which every page loaded anyway: pages 0.6–0.8 KB smaller) plus
// rounding, so that it cannot grow unnoticed: raise it knowingly, up to 125. Raised to 119 on 2026-11-26: the eight
// translation namespaces of issues 16, 18 and 19 (progress, documents, help, pharmacy, subscriptions, dashboard,
// staffAdmin, staffOps) each add an entry per language to the browser's lazy namespace map (app/lib/document.tsx's
// import.meta.glob): 118.2 KB. Loading namespaces by URL from the manifest instead of a glob map would take that
// growth out of the shell.
export const BUDGET_KB = { shell: 119, patient: 150, public: 150, staff: 200, design: 200 };

/**
 * Route id → ceiling in KB: a page over its budget today, which may not grow (tighten it when the page shrinks).
 * Empty: the last four, the patient form pages, came under 150 KB when tailwind-merge left the browser (README
 * "JavaScript per page"). A page that goes over is made smaller, not listed here without a reason written down.
 */
export const KNOWN_OVER = {};

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
