/** The profile page's intents of issue 19 part B (browser-safe; the server side is ./team-profile.server.ts). */
export const TEAM_PROFILE_INTENTS = ["availability", "general", "avatar", "weekly", "days", "addLicense", "editLicense", "removeLicense", "signatureName", "signatureImage", "signatureRemoveImage", "signatureRemove"] as const;
export type TeamProfileIntent = (typeof TEAM_PROFILE_INTENTS)[number];
export const isTeamProfileIntent = (v: unknown): v is TeamProfileIntent => (TEAM_PROFILE_INTENTS as readonly unknown[]).includes(v);

/** What a failed form sends back: its errors (field → messages; "" the form's own) and what was typed. */
export type TeamFormResult = { intent: TeamProfileIntent; licenseId?: number; errors: Record<string, string[]>; values: Record<string, string | string[]> };
