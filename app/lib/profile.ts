import type { Profile } from "../../api/contract/users.ts";

/** What the layouts show of the signed-in user's profile (and nothing more goes to the browser). */
export type ProfileSummary = Pick<
  Profile,
  | "id"
  | "role"
  | "fullName"
  | "firstName"
  | "avatarUrl"
  | "profession"
  | "availability"
  | "isProgressAvailability"
  | "hasPharmacyAccess"
  | "isPharmacyAvailability"
  | "unreadChatMessagesCount"
  | "utcOffsetMinutes"
  | "timeZone"
>;

