import { isRouteErrorResponse } from "react-router";

/**
 * A page whose data could not be read because the upstream gave no response (spec §8 "no response"): the web
 * answers 503 Service Unavailable with this payload, and the root error boundary shows "Please check your
 * internet connection and try again." (app/lib/upstream-unavailable.server.ts raises it; README "Resilience").
 * The same page shows when the browser's own connection failed on a client-side navigation (app/lib/offline.ts).
 */
export const UNAVAILABLE = "unavailable";
export type UnavailablePayload = { reason: typeof UNAVAILABLE };

export function isUnavailable(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 503 && (error.data as Partial<UnavailablePayload> | null)?.reason === UNAVAILABLE;
}
