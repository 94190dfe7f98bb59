import type { UIMatch } from "react-router";

/** Review flows of the review layout (spec §2 "Review steps"). */
export type ReviewFlow = "intake" | "note" | "chart";
export type ReviewStep = "review" | "recordVisit" | "managePrescription" | "informPatient" | "recordNote";

/**
 * What a route module may export as `handle`:
 *  - title: i18n key of the page title ("ns:key"); the document title is brand + this (spec §1) and the
 *    page's heading uses it too. The deepest route that has one wins.
 *  - review: which review flow and step a page of the review layout is.
 *  - guestPage: a public page every plain guest sees alike (no query string, nothing flashed, not signed in): it
 *    is served from a template rendered once per address and language (app/lib/guest-page-cache.server.ts). Only
 *    for pages whose loaders read nothing but the language, the session's form token and flash values.
 */
export type RouteHandle = { title?: string; review?: { flow: ReviewFlow; step: ReviewStep }; i18n?: readonly string[]; guestPage?: boolean };

/**
 * Translation namespaces every document carries: the shell's texts, dates and numbers, and the field messages
 * of any form. A route that needs more declares them in its handle (`i18n: ["tasks"]`); the document carries
 * these plus the matched routes' (app/lib/document.server.ts), and a client-side navigation loads the ones the
 * browser does not have yet before it renders (useRouteResources in app/lib/document.tsx). "mail" is the
 * server's alone, "design" the design pages'.
 */
export const DOCUMENT_NAMESPACES = ["common", "format", "validation"] as const;

/** The namespaces a page needs: the document's own and each matched route's `handle.i18n`, in a stable order. */
export function routeNamespaces(handles: readonly unknown[]): string[] {
  const extra = new Set<string>();
  for (const handle of handles) for (const ns of (handle as RouteHandle | undefined)?.i18n ?? []) extra.add(ns);
  return [...DOCUMENT_NAMESPACES, ...[...extra].filter((ns) => !(DOCUMENT_NAMESPACES as readonly string[]).includes(ns)).sort()];
}

function deepest<K extends keyof RouteHandle>(matches: readonly UIMatch[], key: K): RouteHandle[K] | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const value = (matches[i].handle as RouteHandle | undefined)?.[key];
    if (value) return value;
  }
  return undefined;
}

export function routeTitleKey(matches: readonly UIMatch[]): string | null {
  return deepest(matches, "title") ?? null;
}

export function routeReview(matches: readonly UIMatch[]): RouteHandle["review"] {
  return deepest(matches, "review");
}
