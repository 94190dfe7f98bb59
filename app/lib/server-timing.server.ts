/**
 * The `Server-Timing` header of every answer (ARCHITECTURE §8): where the web process spent the request, readable
 * in any browser's developer tools (Network → Timing) and by `npm run bench`. Entries:
 *   upstream — the calls to the JSON API (summed; desc = how many), while middleware and loaders waited on them;
 *   loaders  — from the request's arrival to the start of rendering: middleware, loaders and actions;
 *   render   — React's render until the page is sent (until the shell, when the page streams);
 *   total    — arrival to the answer's headers (answers that render nothing: redirects, data, files).
 * Names and durations only: never a path, an id or anything from the user.
 */
export class ServerTiming {
  readonly start = performance.now();
  private readonly entries = new Map<string, { ms: number; count: number }>();

  /** Adds `ms` to the entry `name` (several calls of one kind sum up). */
  add(name: string, ms: number) {
    const entry = this.entries.get(name) ?? { ms: 0, count: 0 };
    entry.ms += ms;
    entry.count += 1;
    this.entries.set(name, entry);
  }

  /** Milliseconds since the request arrived. */
  elapsed(): number {
    return performance.now() - this.start;
  }

  /** The header's value; `total` is added when no other entry covers the whole request. */
  header(withTotal: boolean): string {
    const parts = [...this.entries].map(([name, { ms, count }]) => `${name};dur=${ms.toFixed(1)}${count > 1 ? `;desc="${count} calls"` : ""}`);
    if (withTotal) parts.push(`total;dur=${this.elapsed().toFixed(1)}`);
    return parts.join(", ");
  }
}
