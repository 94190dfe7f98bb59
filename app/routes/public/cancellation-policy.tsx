import type { Route } from "./+types/cancellation-policy";
import { ContentBlocks } from "~/components/content-blocks";
import { PageTitle } from "~/components/page-title";
import { legalPageLoader } from "~/lib/content.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:pages.cancellationPolicy", guestPage: true } satisfies RouteHandle;

/** /cancellation-policy (spec §2 footer; issue 18): the text of content/<language>/cancellation-policy.md, signed in or out. */
export function loader({ context }: Route.LoaderArgs) {
  return legalPageLoader(context, "cancellation-policy");
}

export default function CancellationPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <article className="flex flex-col gap-4">
      <PageTitle title={handle.title} />
      <ContentBlocks blocks={loaderData.blocks} />
    </article>
  );
}
