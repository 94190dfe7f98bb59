import type { Route } from "./+types/privacy-policy";
import { ContentBlocks } from "~/components/content-blocks";
import { PageTitle } from "~/components/page-title";
import { legalPageLoader } from "~/lib/content.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.privacyPolicy", guestPage: true } satisfies RouteHandle;

/** /privacy-policy (spec §2 footer; issue 18): the text of content/<language>/privacy-policy.md, signed in or out. */
export function loader({ context }: Route.LoaderArgs) {
  return legalPageLoader(context, "privacy-policy");
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <article className="flex flex-col gap-4">
      <PageTitle title={handle.title} />
      <ContentBlocks blocks={loaderData.blocks} />
    </article>
  );
}
