// Declared page states of the patient's journeys for the axe sweep (see ./types.ts): the demo patient's journeys in the
// states the sample journey (1, weight loss, active) does not show. Ids of the demo seed on a fresh database
// (api/db/seed/journeys.ts inserts Emma's journeys in this order: 1 weight loss, 2 haircare cancelled, 3 pharmacy
// purchase, 4 haircare in review, 5 sexual wellness declined).
import type { DeclaredState } from "./types";

export const STATES: DeclaredState[] = [
  { label: "a journey in review with its clock", role: "patient", path: "/patient/journeys/4", expect: "[data-testid=review-clock]" },
  { label: "a declined journey with the denial", role: "patient", path: "/patient/journeys/5", expect: "[data-testid=journey-denied]" },
  { label: "progress of a journey without tracking", role: "patient", path: "/patient/journeys/3/progress", expect: "[data-testid=progress-untracked]" },
];
