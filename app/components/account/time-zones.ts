import { zoneOffsetMinutes } from "../../../api/contract/profile-rules.ts";
import { OFFSET_PREFIX } from "~/lib/profile-form-checks";

/**
 * The profile's time-zone choices (spec §3 "time zone as UTC offset", §9 "profile UTC offset applied"): the US
 * zones by name first (the offset then follows daylight saving time), then every UTC offset in use in the world.
 * Values: an IANA zone name, or "offset:<minutes east of UTC>".
 */
export const NAMED_ZONES = [
  { zone: "America/New_York", key: "eastern" },
  { zone: "America/Chicago", key: "central" },
  { zone: "America/Denver", key: "mountain" },
  { zone: "America/Phoenix", key: "arizona" },
  { zone: "America/Los_Angeles", key: "pacific" },
  { zone: "America/Anchorage", key: "alaska" },
  { zone: "Pacific/Honolulu", key: "hawaii" },
  { zone: "America/Puerto_Rico", key: "atlantic" },
  { zone: "Pacific/Guam", key: "chamorro" },
  { zone: "Pacific/Pago_Pago", key: "samoa" },
] as const;

/** UTC offsets in use, in minutes east of UTC. */
export const UTC_OFFSETS = [
  -720, -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -120, -60, 0, 60, 120, 180, 210, 240, 270, 300, 330,
  345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720, 765, 780, 840,
] as const;

/** -300 → "−05:00", 330 → "+05:30" (a true minus sign, read out as "minus"). */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "−" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The select's options, in the user's language; a saved choice that is not in the lists is added first. */
export function timeZoneOptions(t: T, current: string, now: Date = new Date()): { value: string; label: string }[] {
  const options = [
    ...NAMED_ZONES.map(({ zone, key }) => ({
      value: zone,
      label: t("account:timeZones.named", { name: t(`account:timeZones.${key}`), offset: offsetText(zoneOffsetMinutes(zone, now)) }),
    })),
    ...UTC_OFFSETS.map((minutes) => ({ value: `${OFFSET_PREFIX}${minutes}`, label: t("account:timeZones.offset", { offset: offsetText(minutes) }) })),
  ];
  if (current && !options.some((o) => o.value === current)) {
    const label = current.startsWith(OFFSET_PREFIX)
      ? t("account:timeZones.offset", { offset: offsetText(Number(current.slice(OFFSET_PREFIX.length))) })
      : t("account:timeZones.named", { name: current.replaceAll("_", " "), offset: offsetText(zoneOffsetMinutes(current, now)) });
    options.unshift({ value: current, label });
  }
  return options;
}

/** The select's value for a profile: its named zone, else its bare offset. */
export function timeZoneValue(profile: { timeZone: string | null; utcOffsetMinutes: number }): string {
  return profile.timeZone || `${OFFSET_PREFIX}${profile.utcOffsetMinutes}`;
}
