import { data } from "react-router";
import { NotFoundContent } from "~/components/not-found";
import type { RouteHandle } from "~/lib/route-handle";

export const handle = { title: "common:notFound.title" } satisfies RouteHandle;

/** Anything else shows not-found (spec §2), with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundContent />;
}
