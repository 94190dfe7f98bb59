import type { Route } from "./+types/terms-and-conditions";
import { ContentBlocks } from "~/components/content-blocks";
import { PageTitle } from "~/components/page-title";
import { legalPageLoader } from "~/lib/content.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.termsAndConditions", guestPage: true } satisfies RouteHandle;

/** /terms-and-conditions (spec §2 footer; issue 18): the text of content/<language>/terms-and-conditions.md, signed in or out. */
export function loader({ context }: Route.LoaderArgs) {
  return legalPageLoader(context, "terms-and-conditions");
}

export default function TermsAndConditions({ loaderData }: Route.ComponentProps) {
  return (
    <article className="flex flex-col gap-4">
      <PageTitle title={handle.title} />
      <ContentBlocks blocks={loaderData.blocks} />
    </article>
  );
}
