// Declared page states of the design pages for the axe sweep (see ./types.ts).
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "modal (design)", role: "guest", path: "/_design/components/modal?modal=default", expect: "dialog[open]" },
  { label: "cancel-review modal (design)", role: "guest", path: "/_design/components/modal?modal=cancel-review", expect: "dialog[open]" },
  // The hmr theme previewed on the default host (?theme=hmr wraps the page; the sweep's pass 2 checks the hmr
  // host name, where the whole document uses it).
  { label: "foundation in the hmr preview (design)", role: "guest", path: "/_design/foundation?theme=hmr", expect: '[data-theme="hmr"]' },
  { label: "select in the hmr preview (design)", role: "guest", path: "/_design/components/select?theme=hmr", expect: '[data-theme="hmr"]' },
  { label: "tabs on the visits tab (design)", role: "guest", path: "/_design/components/tabs?tab=visits", expect: "[role=tabpanel], [aria-current]" },
];
