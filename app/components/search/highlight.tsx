import { Fragment, type ReactNode } from "react";
import { HIGHLIGHT_CLASS } from "../../../api/contract/global-search-rules.ts";

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#x27;": "'", "&nbsp;": "\u00a0" };
const decode = (html: string) => html.replace(/&(?:amp|lt|gt|quot|nbsp|#39|#x27);/g, (e) => ENTITIES[e] ?? e);
const OPEN = `<span class="${HIGHLIGHT_CLASS}">`;

/**
 * Highlighted search text (spec §5: span with a class only), sanitised by the API, rendered as React elements and
 * never as HTML: the API's format (escaped text, matches in `<span class="search-highlight">…</span>`) is read back
 * into text and marks; anything else in it is shown as text. Without a highlight, the plain value.
 */
export function Highlight({ html, text }: { html?: string; text: string }): ReactNode {
  if (!html) return text;
  const parts: ReactNode[] = [];
  let plain = "";
  let rest = html;
  let key = 0;
  while (rest) {
    const open = rest.indexOf(OPEN);
    const close = open < 0 ? -1 : rest.indexOf("</span>", open + OPEN.length);
    if (open < 0 || close < 0) {
      plain += decode(rest);
      parts.push(decode(rest));
      break;
    }
    if (open > 0) {
      plain += decode(rest.slice(0, open));
      parts.push(decode(rest.slice(0, open)));
    }
    const match = decode(rest.slice(open + OPEN.length, close));
    plain += match;
    parts.push(
      <span key={key++} className="rounded-sm bg-primary-subtle font-semibold text-foreground" data-highlight="">
        {match}
      </span>,
    );
    rest = rest.slice(close + "</span>".length);
  }
  // The decoded text must be the value itself; otherwise the value as it is (never the API's markup).
  return plain === text ? <Fragment>{parts}</Fragment> : text;
}
