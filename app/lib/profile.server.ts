import type { RouterContextProvider } from "react-router";
import type { ProfileSummary } from "./profile.ts";
import { getT } from "./i18n.server.ts";
import { notifyUpstreamError } from "./toast.server.ts";
import { getUpstream } from "./upstream.server.ts";

/**
 * GET /api/v1/profile for a layout. A 401 ends the session (upstream client); any other failure shows the
 * spec §8 toast and the layout renders without profile details (flag-gated menu items stay hidden).
 */
export async function loadProfileSummary(context: Readonly<RouterContextProvider>): Promise<ProfileSummary | null> {
  try {
    const { data: p } = await getUpstream(context).call("GET /api/v1/profile");
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
    };
  } catch (error) {
    notifyUpstreamError(context, error, getT(context));
    return null;
  }
}
