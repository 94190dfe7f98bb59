import { createContext, type RouterContextProvider } from "react-router";
import type { Profile } from "../../api/contract/users.ts";
import type { ProfileSummary } from "./profile.ts";
import { sessionSummary } from "./auth.server.ts";
import { getT } from "./i18n.server.ts";
import { notifyUpstreamError } from "./toast.server.ts";
import { getUpstream } from "./upstream.server.ts";

/** This request's GET /api/v1/profile, once it was asked for (readOwnProfile). */
const ownProfileContext = createContext<Promise<Profile> | null>(null);

/**
 * The signed-in user's own profile (GET /api/v1/profile), read at most once per request: a page's layouts and the
 * page itself share one call (the account pages read it in their layout and again in the page: two calls for one
 * answer). For loaders only: they run after the request's action, so they see its changes; an action that needs
 * the profile reads it itself.
 */
export function readOwnProfile(context: Readonly<RouterContextProvider>): Promise<Profile> {
  let pending = context.get(ownProfileContext);
  if (!pending) {
    pending = getUpstream(context)
      .call("GET /api/v1/profile")
      .then((answer) => answer.data);
    context.set(ownProfileContext, pending);
  }
  return pending;
}

/**
 * The layouts' profile summary: from this request's session check when it brought one (page loads, from an
 * upstream that gives it), else GET /api/v1/profile. A 401 ends the session (upstream client); any other failure shows the
 * spec §8 toast and the layout renders without profile details (flag-gated menu items stay hidden).
 */
export async function loadProfileSummary(context: Readonly<RouterContextProvider>): Promise<ProfileSummary | null> {
  // A page load's session check brought it (app/lib/auth.server.ts, viewerMiddleware): no call of its own.
  const summary = sessionSummary(context);
  if (summary) return summary;
  try {
    const p = await readOwnProfile(context);
    return {
      id: p.id,
      role: p.role,
      fullName: p.fullName,
      firstName: p.firstName,
      avatarUrl: p.avatarUrl,
      profession: p.profession,
      availability: p.availability,
      isProgressAvailability: p.isProgressAvailability,
      hasPharmacyAccess: p.hasPharmacyAccess,
      isPharmacyAvailability: p.isPharmacyAvailability,
      unreadChatMessagesCount: p.unreadChatMessagesCount,
      utcOffsetMinutes: p.utcOffsetMinutes,
      timeZone: p.timeZone,
    };
  } catch (error) {
    notifyUpstreamError(context, error, getT(context));
    return null;
  }
}

/**
 * The signed-in viewer's UTC offset for times a loader formats (spec §9): this page load's session summary when it
 * brought one (no call), else the profile (once per request); UTC when neither can be read.
 */
export async function viewerUtcOffset(context: Readonly<RouterContextProvider>): Promise<number> {
  const summary = sessionSummary(context);
  if (summary) return summary.utcOffsetMinutes;
  try {
    return (await readOwnProfile(context)).utcOffsetMinutes;
  } catch {
    return 0;
  }
}
