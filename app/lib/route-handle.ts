import type { UIMatch } from "react-router";

/** Review flows of the review layout (spec §2 "Review steps"). */
export type ReviewFlow = "intake" | "note" | "chart";
export type ReviewStep = "review" | "recordVisit" | "managePrescription" | "informPatient" | "recordNote";

/**
 * What a route module may export as `handle`:
 *  - title: i18n key of the page title ("ns:key"); the document title is brand + this (spec §1) and the
 *    page's heading uses it too. The deepest route that has one wins.
 *  - review: which review flow and step a page of the review layout is.
 */
export type RouteHandle = { title?: string; review?: { flow: ReviewFlow; step: ReviewStep } };

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
