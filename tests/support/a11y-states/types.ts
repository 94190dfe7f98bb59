import type { DemoUser } from "../accounts";

/**
 * A page state beyond a page's first view that the axe sweep (tests/e2e/a11y.spec.ts) checks too, with
 * JavaScript on and off, in both languages and both themes: a modal or panel opened by the URL, or a form
 * showing its errors after a failed post.
 *  - `role`: who sees it ("guest" for public pages; `testPatient` for a test patient's slot);
 *  - `post`: form values posted to `path` (never a post that changes data: error states only); the markup
 *    of the answer is what is checked;
 *  - `expect`: a CSS selector that must be in the markup, proving the state is really shown (a dialog, an
 *    aria-invalid field, an error summary…).
 */
export type DeclaredState = {
  label: string;
  role: DemoUser | "guest";
  path: string;
  post?: Record<string, string>;
  expect: string;
};
