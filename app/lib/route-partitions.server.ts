/**
 * The server build split by the first segment of the address (issue 11 part 4: server-rendering speed).
 *
 * React Router matches a request against every branch of the route table, several times per document request
 * (the request handler, the static handler's query, the partial manifest of `<Scripts>` for each parent path), and
 * `<ServerRouter>` rebuilds its route tree from the whole manifest on every render: all of it grows with the number
 * of routes (about 120), not with the page. A request for `/staff/tasks` can only match a route whose path starts
 * with `staff/`, one whose first segment is dynamic or a splat (the not-found page), or — for the partial manifest's
 * parent path `/` — the root index. So each first segment gets its own copy of the build holding only those routes
 * (and their layouts); the request handler made from it matches exactly what the whole table would, against a few
 * branches instead of all of them.
 *
 * Anything this cannot reason about goes to the whole build: the route-discovery manifest requests (they ask for
 * any path), an address with an escape (`%`), and one whose path the URL parser rewrites (dot segments, double
 * slashes, backslashes). tests/unit/route-partitions.test.ts checks, for every route of the table and odd
 * addresses, that a partition matches what the whole table matches.
 */
import type { ServerBuild } from "react-router";

type ServerRoutes = ServerBuild["routes"];

/** The key of a route's full path: its first segment in lower case, "" for the root index, null when it is dynamic. */
function keyOfPath(fullPath: string): string | null {
  const first = fullPath.split("/").find((s) => s !== "");
  if (first === undefined) return "";
  if (/[:*?]/.test(first) || first.startsWith("(")) return null;
  return first.toLowerCase();
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
  /** The build that serves this address: a partition, or the whole build. */
  buildFor(url: string): ServerBuild;
  /** Every distinct build (the partitions and the whole one), to make one request handler each up front. */
  builds: ServerBuild[];
};

const SIMPLE_PATH = /^\/(?:([A-Za-z0-9_-]+)(?:\/[A-Za-z0-9_.:@~!$&'()*+,;=-]*)*)?$/;

export function routePartitions(build: ServerBuild): RoutePartitions {
  // Under a basename the first segment is the basename's: nothing to split on.
  if (build.basename && build.basename !== "/") return { builds: [build], buildFor: () => build };
  const routes = build.routes;
  const paths = fullPaths(routes);
  // Leaf-like routes (a path or an index) by key; layouts come in with their children.
  const byKey = new Map<string, string[]>();
  const everywhere: string[] = [];
  for (const [id, route] of Object.entries(routes)) {
    if (!route || (route.path === undefined && !route.index)) continue;
    const key = keyOfPath(paths.get(id)!);
    if (key === null || key === "") everywhere.push(id);
    else byKey.set(key, [...(byKey.get(key) ?? []), id]);
  }
  const withAncestors = (ids: string[]) => {
    const all = new Set<string>();
    for (let id of ids) {
      for (let route = routes[id]; route && !all.has(id); id = route.parentId ?? "", route = routes[id]) all.add(id);
    }
    return all;
  };
  const partitions = new Map<string, ServerBuild>();
  for (const [key, ids] of byKey) partitions.set(key, subBuild(build, withAncestors([...ids, ...everywhere])));
  const rest = subBuild(build, withAncestors(everywhere));
  const manifestPath = build.routeDiscovery?.manifestPath ?? "/__manifest";

  return {
    builds: [build, rest, ...partitions.values()],
    buildFor(url: string) {
      const end = url.search(/[?#]/);
      let pathname = end < 0 ? url : url.slice(0, end);
      if (pathname === manifestPath) return build;
      if (pathname === "/_root.data") return rest;
      if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
      // Only addresses the URL parser leaves as they are (no escapes, dot segments or doubled slashes).
      const match = SIMPLE_PATH.exec(pathname);
      if (!match || /\/\.\.?(?:\/|$)/.test(pathname)) return build;
      const key = match[1]?.toLowerCase();
      if (key === undefined) return rest;
      return partitions.get(key) ?? rest;
    },
  };
}
