import type { SubmissionResult } from "@conform-to/react";

/** The forms of the account security panel: one action per page, one `intent` per form. */
export const SECURITY_INTENTS = [
  "change-password",
  "change-email",
  "totp-start",
  "totp-confirm",
  "totp-disable",
  "revoke-session",
  "revoke-others",
] as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[number];

export function isSecurityIntent(value: unknown): value is SecurityIntent {
  return typeof value === "string" && (SECURITY_INTENTS as readonly string[]).includes(value);
}

/**
 * A two-factor setup in progress (GET /api/v1/users/get-totp-secret): the key for manual entry, the
 * otpauth:// URI and the upstream's QR code as a `data:image/svg+xml;base64,…` URL. It travels with the
 * confirm form (hidden fields) so that a wrong code shows the same QR code again, also without JavaScript;
 * the QR code is only ever shown through <img>, where an SVG cannot run script or load anything.
 */
export type TotpSetup = { secret: string; otpauthUrl: string; qr: string };

/** One live session of the user (GET /api/v1/users/sessions). */
export type SecuritySession = {
  id: number;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
};

/** What the panel shows; a part the upstream could not give is null (and a toast said so). */
export type AccountSecurityData = {
  email: string | null;
  /** The profile's time zone, for dates (spec §9). */
  utcOffsetMinutes: number;
  authMethods: { password: boolean; totp: boolean; recoveryCodesLeft: number } | null;
  sessions: SecuritySession[] | null;
};

/** The action's answer when it re-renders the page (successes that need no more input redirect instead). */
export type SecurityActionData = {
  intent: SecurityIntent;
  reply?: SubmissionResult<string[]>;
  /** change-email: the link went to this address. */
  emailSentTo?: string;
  /** change-email: the typed address looks like a typo of `suggested` (spec §5 "Did you mean…?"). */
  suggestion?: { typed: string; suggested: string };
  /** totp-start, or totp-confirm with a wrong code: the setup to show. */
  setup?: TotpSetup;
  /** totp-confirm succeeded: the recovery codes, shown this once. */
  recoveryCodes?: string[];
};
