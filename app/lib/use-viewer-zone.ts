import { useRouteLoaderData } from "react-router";
import type { ProfileSummary } from "./profile.ts";

type LayoutData = { profile: ProfileSummary | null } | undefined;

/**
 * The signed-in viewer's time zone for formatting times (spec §9: the profile's UTC offset applied): the summary the
 * patient or staff layout loaded (session-info's summary, the zone's offset today when the user chose an IANA zone),
 * UTC when there is none. Pass `utcOffsetMinutes` to formatDate / relativeTime for timestamps — never for date-only
 * values ("2026-11-26"), which are already calendar days.
 */
export function useViewerZone(): { utcOffsetMinutes: number; timeZone: string | null } {
  const patient = useRouteLoaderData("routes/patient/layout") as LayoutData;
  const staff = useRouteLoaderData("routes/layouts/staff") as LayoutData;
  const profile = patient?.profile ?? staff?.profile ?? null;
  return { utcOffsetMinutes: profile?.utcOffsetMinutes ?? 0, timeZone: profile?.timeZone ?? null };
}
