/**
 * Conflicting Tailwind utilities in one class list: two classes that set the same CSS property under the same
 * variants ("px-4 px-0", "text-foreground text-error", "block flex", "hover:bg-muted hover:bg-card"). `cn()` is
 * plain clsx (app/lib/utils.ts): it does not drop the earlier of two such classes as tailwind-merge did, and
 * which one wins would be decided by the order of the rules in the style sheet, not by the order in the list.
 * So a component and its callers pass one class per property and state; tests/unit/class-conflicts.test.ts and
 * the web route sweep check the markup with `classConflicts`.
 *
 * Small and deliberate: it knows the utility groups this app uses (display, position, flex and grid, spacing
 * per side, sizes, typography, colours, borders, radius, outline, ring, effects, cursor…), and a class it does not
 * know (the app's own `ui-…` classes, an unusual utility) is in no group, so it is never reported. A shorthand
 * and a longhand ("px-3 pl-9", "p-6 py-16", "border-x border-l-0", "size-10 h-auto") are not a conflict: the style sheet always
 * puts the longhand after the shorthand, so the longhand wins whatever the order in the list.
 */

/** Splits "sm:hover:[&_svg]:size-4" at its top-level colons: the variants (sorted) and the utility. */
function parse(cls: string): { variants: string; important: boolean; utility: string } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === ":" && depth === 0) {
      parts.push(cls.slice(start, i));
      start = i + 1;
    }
  }
  let utility = cls.slice(start);
  let important = false;
  if (utility.startsWith("!")) [important, utility] = [true, utility.slice(1)];
  if (utility.endsWith("!")) [important, utility] = [true, utility.slice(0, -1)];
  return { variants: parts.sort().join(":"), important, utility };
}

const SIZES = "xs|sm|base|lg|xl|[2-9]xl";
const WEIGHTS = "thin|extralight|light|normal|medium|semibold|bold|extrabold|black";
const DISPLAY =
  "block|inline-block|inline|flex|inline-flex|grid|inline-grid|hidden|contents|table|inline-table|table-row|table-cell|flow-root|list-item";
const COLOURISH = /^(?:\[(?:#|rgb|hsl|oklch|color:|var\()|[a-z]+(?:-[a-z]+)*(?:-\d{2,3})?(?:\/[\d.[\]%]+)?$)/;

/** The CSS property group a utility sets (one key per property and side), or null when it is not known. */
export function groupOf(utility: string): string | null {
  const u = utility.replace(/^-/, ""); // negative values: -mt-px, -translate-y-1/2
  let m: RegExpMatchArray | null;
  if (new RegExp(`^(?:${DISPLAY})$`).test(u)) return "display";
  if (/^(?:static|fixed|absolute|relative|sticky)$/.test(u)) return "position";
  if (/^(?:visible|invisible|collapse)$/.test(u)) return "visibility";
  if (/^(?:sr-only|not-sr-only)$/.test(u)) return "sr-only";
  if (/^flex-(?:row|col)(?:-reverse)?$/.test(u)) return "flex-direction";
  if (/^flex-(?:wrap|nowrap|wrap-reverse)$/.test(u)) return "flex-wrap";
  if ((m = u.match(/^(flex|grow|shrink|basis|order)(?:-|$)/))) return m[1];
  if (/^content-(?:\[|none$)/.test(u)) return "content";
  if ((m = u.match(/^(justify-items|justify-self|justify|content|items|self|place-content|place-items|place-self)-/))) return m[1];
  if ((m = u.match(/^(grid-cols|grid-rows|grid-flow|auto-cols|auto-rows)-/))) return m[1];
  if ((m = u.match(/^((?:col|row)-(?:span|start|end))-/))) return m[1];
  if ((m = u.match(/^(gap-x|gap-y|gap|space-x|space-y)-/))) return m[1];
  if ((m = u.match(/^(p|px|py|pt|pr|pb|pl|ps|pe|m|mx|my|mt|mr|mb|ml|ms|me)-/))) return m[1];
  if ((m = u.match(/^(size|w|h|min-w|min-h|max-w|max-h)-/))) return m[1];
  if ((m = u.match(/^(inset-x|inset-y|inset|top|right|bottom|left|start|end)-/))) return m[1];
  if ((m = u.match(/^(z|order|opacity|cursor|overflow-x|overflow-y|overflow|whitespace|break|leading|tracking|select|resize|appearance|object|aspect|scroll-m[trblxy]?|scroll-p[trblxy]?)-/)))
    return m[1];
  if ((m = u.match(/^(translate-x|translate-y|rotate|scale|scale-x|scale-y|skew-x|skew-y)-/))) return m[1];
  if (/^(?:underline|overline|line-through|no-underline)$/.test(u)) return "text-decoration-line";
  if (/^underline-offset-/.test(u)) return "underline-offset";
  if (/^(?:uppercase|lowercase|capitalize|normal-case)$/.test(u)) return "text-transform";
  if (/^(?:italic|not-italic)$/.test(u)) return "font-style";
  if (/^(?:truncate|text-ellipsis|text-clip)$/.test(u)) return "text-overflow";
  if (/^text-(?:left|center|right|justify|start|end)$/.test(u)) return "text-align";
  if (/^text-(?:wrap|nowrap|balance|pretty)$/.test(u)) return "text-wrap";
  if ((m = u.match(/^text-(.+)$/))) {
    const v = m[1].replace(/\/\d+$/, ""); // text-sm/6 (line height) is still a size
    if (new RegExp(`^(?:${SIZES})$`).test(v) || /^\[(?:\d|length:)/.test(v)) return "font-size";
    return COLOURISH.test(m[1]) ? "text-color" : null;
  }
  if (new RegExp(`^font-(?:${WEIGHTS})$`).test(u)) return "font-weight";
  if (/^font-(?:sans|serif|mono)$/.test(u)) return "font-family";
  if (/^bg-(?:fixed|local|scroll|repeat|no-repeat|repeat-x|repeat-y|cover|contain|auto|center|top|bottom|left|right)$/.test(u)) return "bg-other";
  if (/^bg-(?:clip|origin|linear|radial|conic|gradient|blend)-/.test(u)) return null;
  if (/^bg-/.test(u)) return "bg-color";
  if (/^border-(?:solid|dashed|dotted|double|hidden|none)$/.test(u)) return "border-style";
  if ((m = u.match(/^border(?:-([xytrblse]))?(?:-(\d+|\[\d[^\]]*\]))?$/))) return `border-width${m[1] ? `-${m[1]}` : ""}`;
  if ((m = u.match(/^border-(?:([xytrblse])-)?(.+)$/))) return `border-color${m[1] ? `-${m[1]}` : ""}`;
  if ((m = u.match(/^rounded(?:-(t|r|b|l|s|e|tl|tr|br|bl|ss|se|ee|es))?(?:-(?:none|xs|sm|md|lg|xl|2xl|3xl|4xl|full|\[.+\]))?$/)))
    return `rounded${m[1] ? `-${m[1]}` : ""}`;
  if (/^outline-offset-/.test(u)) return "outline-offset";
  if (/^outline(?:-(?:none|hidden|solid|dashed|dotted|double))?$/.test(u)) return "outline-style";
  if (/^outline-(?:\d+|\[\d[^\]]*\])$/.test(u)) return "outline-width";
  if (/^outline-/.test(u)) return "outline-color";
  if (/^ring-offset-/.test(u)) return null;
  if (/^ring(?:-(?:\d+|\[\d[^\]]*\]))?$/.test(u)) return "ring-width";
  if (/^ring-/.test(u)) return "ring-color";
  if (/^shadow(?:-(?:2xs|xs|sm|md|lg|xl|2xl|inner|none))?$/.test(u)) return "shadow";
  if (/^accent-/.test(u)) return "accent-color";
  if (/^fill-/.test(u)) return "fill";
  if (/^stroke-(?:\d+)$/.test(u)) return "stroke-width";
  if (/^stroke-/.test(u)) return "stroke";
  if (/^(?:transition|transition-[a-z]+)$/.test(u)) return "transition-property";
  if (/^duration-/.test(u)) return "duration";
  if (/^animate-/.test(u)) return "animation";
  return null;
}

/** Pairs of classes of one list that set the same property under the same variants, e.g. ["px-4", "px-0"]. */
export function classConflicts(classList: string): [string, string][] {
  const seen = new Map<string, string>();
  const found: [string, string][] = [];
  for (const cls of new Set(classList.split(/\s+/).filter(Boolean))) {
    const { variants, important, utility } = parse(cls);
    const group = groupOf(utility);
    if (!group) continue;
    const key = `${variants}|${important}|${group}`;
    const other = seen.get(key);
    if (other) found.push([other, cls]);
    seen.set(key, cls);
  }
  return found;
}

/** Every element of an HTML string whose class attribute has conflicts: "class list: a ⟷ b; …". */
export function conflictsInHtml(html: string): string[] {
  const out: string[] = [];
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const list = match[1].replace(/&amp;/g, "&").replace(/&gt;/g, ">").replace(/&lt;/g, "<").replace(/&quot;/g, '"');
    const pairs = classConflicts(list);
    if (pairs.length) out.push(`${list}: ${pairs.map(([a, b]) => `${a} ⟷ ${b}`).join("; ")}`);
  }
  return out;
}
