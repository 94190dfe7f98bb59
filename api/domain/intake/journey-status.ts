/**
 * The journey's intake status machine (journeys.status): one table of transitions.
 *
 *   in_progress --submit--> submitted   (eligible: the pending treatment is created)
 *   in_progress --deny----> denied      (not eligible: denial_code says why)
 *   in_progress --cancel--> cancelled   (the patient leaves the intake: POST …/cancel, the journey page's "Cancel this intake")
 *
 * Every other move is refused: a submitted, denied or cancelled intake does not change any more, and its answers
 * cannot be saved (`PUT …/intake/{step}` and `POST …/submit` answer 409 `intake.closed`). Saving a step is allowed
 * only while in_progress (`canEdit`).
 */
import type { JourneyStatus } from "../../contract/intake-rules.ts";

export const JOURNEY_ACTIONS = ["submit", "deny", "cancel"] as const;
export type JourneyAction = (typeof JOURNEY_ACTIONS)[number];

export const JOURNEY_TRANSITIONS: readonly { action: JourneyAction; from: JourneyStatus; to: JourneyStatus }[] = [
  { action: "submit", from: "in_progress", to: "submitted" },
  { action: "deny", from: "in_progress", to: "denied" },
  { action: "cancel", from: "in_progress", to: "cancelled" },
];

/** The status an action leads to from `from`, or null when the machine refuses it. */
export function journeyTransition(from: JourneyStatus, action: JourneyAction): JourneyStatus | null {
  return JOURNEY_TRANSITIONS.find((t) => t.action === action && t.from === from)?.to ?? null;
}

export const canEdit = (status: JourneyStatus) => status === "in_progress";

