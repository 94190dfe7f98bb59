/**
 * Highlighted search text (spec §5: only span with a class): every case-insensitive occurrence of the search
 * text in a value is wrapped in `<span class="search-highlight">`, everything else escaped. The result holds no
 * markup but those spans by construction (every `<`, `>`, `&` and quote of the value is escaped); that is checked
 * on every value (`onlyHighlightSpans`, a string scan) and anything else goes through the highlight allow-list
 * (api/domain/sanitize.ts). The allow-list's DOMPurify runs on a DOM (jsdom) at about 2.7 ms a call, which put a
 * search's 20–60 highlighted fields at 50–300 ms of CPU per request at 1,000,000 patients.
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
  return onlyHighlightSpans(html) ? html : sanitizeHighlightHtml(html);
}

const OPEN = `<span class="${HIGHLIGHT_CLASS}">`;
/** Whether the only markup in `html` is balanced, unnested highlight spans (and its text has no raw `<`, `>` or quotes). */
export function onlyHighlightSpans(html: string): boolean {
  let open = false;
  for (let i = 0; i < html.length; ) {
    if (html.startsWith(OPEN, i) && !open) {
      open = true;
      i += OPEN.length;
    } else if (html.startsWith("</span>", i) && open) {
      open = false;
      i += 7;
    } else if (/[<>"']/.test(html[i])) {
      return false;
    } else i += 1;
  }
  return !open;
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
