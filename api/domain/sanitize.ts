/**
 * The two HTML allow-lists of spec §5, enforced with DOMPurify on the server (ARCHITECTURE §6):
 *
 * - message HTML (chat messages, task descriptions): p, b, i, u, strong, em, br and a, where a keeps only
 *   an href that is safe (http, https, mailto, tel, a site-relative path or a fragment);
 * - highlighted search text: span with a class only.
 *
 * Everything else goes: script and style elements with their content, event handlers (onerror, onclick…),
 * style attributes, iframes, forms, images, javascript:/data:/vbscript: links. The text of a disallowed
 * but harmless element (div, h1, table…) is kept.
 *
 * The DOMPurify instance of isomorphic-dompurify is process-wide and shared with other domains, so this
 * module never installs hooks on it: every rule is in the per-call configuration.
 */
import DOMPurify from "isomorphic-dompurify";
import type { Config } from "dompurify";

export const MESSAGE_TAGS = ["p", "b", "i", "u", "strong", "em", "br", "a"] as const;
export const HIGHLIGHT_TAGS = ["span"] as const;

/**
 * Safe link targets: http(s), mailto and tel URLs, site-relative paths ("/patient/…", not "//host"),
 * and fragments. DOMPurify strips ASCII whitespace and control characters before matching, so
 * "java\tscript:" cannot slip through.
 */
export const SAFE_HREF = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

export function isSafeHref(href: string): boolean {
  // The same normalisation DOMPurify applies before it tests a URI attribute.
  // eslint-disable-next-line no-control-regex
  return SAFE_HREF.test(href.replace(/[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g, ""));
}

const MESSAGE_CONFIG = {
  ALLOWED_TAGS: [...MESSAGE_TAGS],
  ALLOWED_ATTR: ["href"],
  ALLOWED_URI_REGEXP: SAFE_HREF,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  RETURN_TRUSTED_TYPE: false,
} satisfies Config;

const HIGHLIGHT_CONFIG = {
  ALLOWED_TAGS: [...HIGHLIGHT_TAGS],
  ALLOWED_ATTR: ["class"],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_TRUSTED_TYPE: false,
} satisfies Config;

/** Message HTML allow-list: p, b, i, u, strong, em, br, a[href safe]. */
export function sanitizeMessageHtml(html: string): string {
  return String(DOMPurify.sanitize(html, MESSAGE_CONFIG)).trim();
}

/** Highlighted search text allow-list: span[class] only. */
export function sanitizeHighlightHtml(html: string): string {
  return String(DOMPurify.sanitize(html, HIGHLIGHT_CONFIG));
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Does the text look like markup (a tag, a comment or a doctype) rather than plain text? */
export function looksLikeHtml(text: string): boolean {
  return /<[a-z!/?]/i.test(text);
}

/**
 * The HTML form of a task description (Task.htmlDescription):
 * - plain text (no tags): escaped, blank lines start a new paragraph, single line breaks become <br>;
 * - markup: sanitised to the message allow-list.
 * The plain `description` is stored as typed and is only ever shown as text.
 */
export function descriptionToHtml(description: string): string {
  const text = description.replace(/\r\n?/g, "\n").trim();
  if (!text) return "";
  if (looksLikeHtml(text)) return sanitizeMessageHtml(text);
  return text
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("");
}
