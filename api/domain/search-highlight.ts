/**
 * Highlighted search text (spec §5: only span with a class): every case-insensitive occurrence of the search
 * text in a value is wrapped in `<span class="search-highlight">`, everything else escaped, and the result
 * sanitised to the highlight allow-list (api/domain/sanitize.ts) before it leaves the server.
 */
import { HIGHLIGHT_CLASS } from "../contract/global-search-rules.ts";
import { escapeHtml, sanitizeHighlightHtml } from "./sanitize.ts";

/** The value as highlight HTML, or null when the needle does not occur in it. */
export function highlightMatch(value: string | null | undefined, needle: string): string | null {
  if (!value || !needle) return null;
  const hay = value.toLowerCase();
  const n = needle.toLowerCase();
  let at = hay.indexOf(n);
  if (at < 0) return null;
  let html = "";
  let from = 0;
  while (at >= 0) {
    html += escapeHtml(value.slice(from, at)) + `<span class="${HIGHLIGHT_CLASS}">${escapeHtml(value.slice(at, at + n.length))}</span>`;
    from = at + n.length;
    at = hay.indexOf(n, from);
  }
  html += escapeHtml(value.slice(from));
  return sanitizeHighlightHtml(html);
}

/** The fields of `values` the needle occurs in, as highlight HTML. */
export function highlights(values: Record<string, string | null | undefined>, needles: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) {
    for (const needle of needles) {
      const html = highlightMatch(value, needle);
      if (html) {
        out[field] = html;
        break;
      }
    }
  }
  return out;
}
