import type { Route } from "./+types/telehealth-consent";
import { ContentBlocks } from "~/components/content-blocks";
import { PageTitle } from "~/components/page-title";
import { legalPageLoader } from "~/lib/content.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.telehealthConsent", guestPage: true } satisfies RouteHandle;

/** /telehealth-consent (spec §2 footer; issue 18): the text of content/<language>/telehealth-consent.md, signed in or out. */
export function loader({ context }: Route.LoaderArgs) {
  return legalPageLoader(context, "telehealth-consent");
}

export default function TelehealthConsent({ loaderData }: Route.ComponentProps) {
  return (
    <article className="flex flex-col gap-4">
      <PageTitle title={handle.title} />
      <ContentBlocks blocks={loaderData.blocks} />
    </article>
  );
}
