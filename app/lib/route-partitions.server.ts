/**
 * The server build split by the first segments of the address (issue 11 part 4: server-rendering speed).
 *
 * React Router matches a request against every branch of the route table, several times per document request
 * (the request handler, the static handler's query, the partial manifest of `<Scripts>` for each parent path), and
 * `<ServerRouter>` rebuilds its route tree from the whole manifest on every render: all of it grows with the number
 * of routes (about 120), not with the page. A request for `/staff/tasks` can only match a route whose path starts
 * with `staff/`, one whose first segment is dynamic or a splat (the not-found page), or — for the partial manifest's
 * parent path `/` — the root index; one for `/staff/tasks/…` only those under `staff/tasks/`, `staff/:x`, `staff` and
 * those. So each address prefix (its first two segments) gets its own copy of the build holding only the routes
 * that can match it or one of its parent paths (and their layouts); the request handler made from it matches
 * exactly what the whole table would, against a few branches instead of all of them.
 *
 * Anything this cannot reason about goes to the whole build: the route-discovery manifest requests (they ask for
 * any path), an address with an escape (`%`), and one whose path the URL parser rewrites (dot segments, double
 * slashes, backslashes). tests/unit/route-partitions.test.ts checks, for every route of the table and odd
 * addresses, that a partition matches what the whole table matches.
 */
import type { ServerBuild } from "react-router";

type ServerRoutes = ServerBuild["routes"];

/** How many leading segments of the address choose the partition (`/staff/tasks`: "staff/tasks"). */
const DEPTH = 2;

/**
 * A route's signature: its path's first static segments (lower case, at most DEPTH), up to its first dynamic,
 * optional or splat segment. It can match an address — or a parent path of it — only when its signature is a
 * prefix of the address's first DEPTH segments: "" (the root index, the not-found splat) always, "staff" for
 * `/staff` and `/staff/:x`, "staff/tasks" for everything under `/staff/tasks`.
 */
function signature(fullPath: string): string {
  const out: string[] = [];
  for (const segment of fullPath.split("/").filter(Boolean)) {
    if (out.length === DEPTH || /[:*?]/.test(segment) || segment.startsWith("(")) break;
    out.push(segment.toLowerCase());
  }
  return out.join("/");
}

function fullPaths(routes: ServerRoutes): Map<string, string> {
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const route = routes[id]!;
    const parent = route.parentId ? pathOf(route.parentId) : "";
    const own = route.path ?? "";
    const full = own.startsWith("/") ? own : [parent, own].filter(Boolean).join("/");
    paths.set(id, full);
    return full;
  };
  for (const id of Object.keys(routes)) pathOf(id);
  return paths;
}

/** A copy of the build with only these routes (in the manifest's order) in both the server and the client manifest. */
function subBuild(build: ServerBuild, ids: Set<string>): ServerBuild {
  const pick = <T>(manifest: Record<string, T | undefined>) =>
    Object.fromEntries(Object.entries(manifest).filter(([id]) => ids.has(id))) as Record<string, T>;
  return { ...build, routes: pick(build.routes), assets: { ...build.assets, routes: pick(build.assets.routes) } };
}

export type RoutePartitions = {
  /** The build that serves this address (`req.originalUrl`): a partition, or the whole build. */
  buildFor(url: string): ServerBuild;
  /** Every distinct build (the partitions and the whole one), to make one request handler each up front. */
  builds: ServerBuild[];
};

/** Addresses the URL parser leaves as they are and React Router does not decode: no escapes, no odd characters. */
const PLAIN_PATH = /^\/[A-Za-z0-9_.:@~!$&'()*+,;=/-]*$/;

const prefixes = (key: string) => {
  const parts = key ? key.split("/") : [];
  return parts.map((_, i) => parts.slice(0, parts.length - i).join("/")).concat(""); // longest first
};

export function routePartitions(build: ServerBuild): RoutePartitions {
  // Under a basename the first segment is the basename's: nothing to split on.
  if (build.basename && build.basename !== "/") return { builds: [build], buildFor: () => build };
  const routes = build.routes;
  const paths = fullPaths(routes);
  // Routes that can match (a path or an index) by signature; layouts come in with their children.
  const bySignature = new Map<string, string[]>();
  for (const [id, route] of Object.entries(routes)) {
    if (!route || (route.path === undefined && !route.index)) continue;
    const sig = signature(paths.get(id)!);
    bySignature.set(sig, [...(bySignature.get(sig) ?? []), id]);
  }
  const withAncestors = (ids: string[]) => {
    const all = new Set<string>();
    for (let id of ids) {
      for (let route = routes[id]; route && !all.has(id); id = route.parentId ?? "", route = routes[id]) all.add(id);
    }
    return all;
  };
  // One partition per prefix of a signature: the routes whose signature is a prefix of it.
  const keys = new Set([...bySignature.keys()].flatMap(prefixes));
  const partitions = new Map<string, ServerBuild>();
  for (const key of keys) partitions.set(key, subBuild(build, withAncestors(prefixes(key).flatMap((p) => bySignature.get(p) ?? []))));
  const manifestPath = build.routeDiscovery?.manifestPath ?? "/__manifest";

  return {
    builds: [build, ...partitions.values()],
    buildFor(url: string) {
      const end = url.search(/[?#]/);
      let pathname = end < 0 ? url : url.slice(0, end);
      if (pathname === manifestPath) return build;
      if (pathname === "/_root.data") pathname = "/";
      else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
      if (!PLAIN_PATH.test(pathname) || pathname.includes("//") || /\/\.\.?(?:\/|$)/.test(pathname)) return build;
      // The address's first DEPTH segments; the longest prefix of them that names a partition.
      const key = pathname.split("/").filter(Boolean).slice(0, DEPTH).join("/").toLowerCase();
      for (const prefix of prefixes(key)) {
        const partition = partitions.get(prefix);
        if (partition) return partition;
      }
      return build;
    },
  };
}
