/**
 * The server build split by the address's first segment (app/lib/route-partitions.server.ts): for every route of
 * app/routes.ts and for odd addresses, the partition a request is given matches what the whole route table matches,
 * both the address itself and each parent path (what `<Scripts>` puts in the partial manifest).
 */
import { describe, expect, it } from "vitest";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { routePartitions } from "../../app/lib/route-partitions.server";

type Entry = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };

/** The route table as the build's manifests hold it (ids as React Router derives them: the file without extension). */
function manifestOf(entries: RouteConfigEntry[], parentId = "root", out: Record<string, Entry> = {}): Record<string, Entry> {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    out[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive };
    if (entry.children) manifestOf(entry.children, id, out);
  }
  return out;
}

const manifest: Record<string, Entry> = { root: { id: "root", path: "" }, ...manifestOf(routes) };
const build = {
  routes: Object.fromEntries(Object.entries(manifest).map(([id, r]) => [id, { ...r, module: {} }])),
  assets: { routes: manifest, entry: { imports: [], module: "" }, url: "", version: "1" },
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

/** React Router's own matching over a manifest (what the server's handler builds from it). */
function tree(routes: Record<string, unknown>): RouteObject[] {
  const all = Object.values(routes) as Entry[];
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((r) => r.parentId === parentId)
      .map((r) => {
        const children = childrenOf(r.id);
        return (r.index
          ? { id: r.id, index: true, path: r.path, caseSensitive: r.caseSensitive }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, ...(children.length ? { children } : {}) }) as RouteObject;
      });
  return childrenOf(undefined);
}
const memo = new WeakMap<RouteObject[], Map<string, string[] | null>>();
/** The ids of the routes that match (memoised: matchRoutes ranks the whole table on every call). */
function ids(routes: RouteObject[], pathname: string): string[] | null {
  let known = memo.get(routes);
  if (!known) memo.set(routes, (known = new Map()));
  if (!known.has(pathname)) known.set(pathname, matchRoutes(routes, pathname)?.map((m) => m.route.id ?? "") ?? null);
  return known.get(pathname)!;
}

/** The path React Router matches for an address (what getNormalizedPath does without the future flag). */
function normalised(url: string): string {
  let pathname = new URL(url, "http://x").pathname;
  if (pathname === "/_root.data") pathname = "/";
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  return pathname !== "/" && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/** Every path of the table with its parameters filled in. */
function samples(): string[] {
  const paths: string[] = [];
  const walk = (id: string, prefix: string) => {
    for (const r of Object.values(manifest).filter((r) => r.parentId === id)) {
      const full = r.path ? (prefix === "" ? r.path : `${prefix}/${r.path}`) : prefix;
      if (r.path !== undefined || r.index) {
        paths.push("/" + full.replace(/:[\w-]+\?/g, "7").replace(/:[\w-]+/g, "12").replace(/\*$/, "no/such/page"));
        paths.push("/" + full.replace(/\/?:[\w-]+\?/g, "").replace(/:[\w-]+/g, "3"));
      }
      walk(r.id, full);
    }
  };
  walk("root", "");
  return paths;
}

const ODD = [
  "/", "/?x=1", "/_root.data", "/login.data", "/login/", "/LOGIN", "/Staff/Tasks", "/staff/tasks.data?_routes=root",
  "/staff/", "/staff.data", "/patient/account/profile/", "/nowhere", "/nowhere/else", "/staff/../login",
  "/staff/%2e%2e/login", "/%73taff/tasks", "//staff/tasks", "/staff//tasks", "/staff/tasks/..", "/staff\\..\\login",
  "/__manifest?paths=/staff/tasks", "/favicon.ico", "/patient/journeys/1/intake/images/2", "/api/v1/avatars/a.png",
  "/staff/nothing", "/staff/nothing/else", "/patient/zzz/1", "/manager/PATIENTS/4/Visits", "/staff/patients.data",
  "/staff/messages/5/chat", "/staff/messages/5/chat/medical/9", "/provider/charts/3", "/resources/tasks/users",
];

describe("route partitions", () => {
  const partitions = routePartitions(build);
  const whole = tree(build.routes);
  const trees = new Map(partitions.builds.map((b) => [b, tree(b.routes)]));

  it("split the table into small parts (the staff trees do not weigh on a patient page)", () => {
    const sizes = (url: string) => Object.keys(partitions.buildFor(url).routes).length;
    const all = Object.keys(build.routes).length;
    expect(all).toBeGreaterThan(100);
    for (const url of ["/login", "/patient", "/patient/account/profile", "/staff/tasks"]) expect(sizes(url), url).toBeLessThan(all / 2);
    expect(sizes("/login")).toBeLessThan(10);
    expect(sizes("/staff/tasks")).toBeLessThan(15);
    expect(partitions.buildFor("/__manifest?p=/staff/tasks")).toBe(build);
  });

  it("match, for every route and odd addresses, what the whole table matches (the page and its parent paths)", () => {
    const urls = [...samples(), ...ODD];
    expect(urls.length).toBeGreaterThan(200);
    for (const url of urls) {
      const part = trees.get(partitions.buildFor(url))!;
      const pathname = normalised(url);
      expect(ids(part, pathname), url).toEqual(ids(whole, pathname));
      const segments = pathname.split("/").filter(Boolean);
      for (let n = segments.length - 1; n >= 0; n--) {
        const parent = "/" + segments.slice(0, n).join("/");
        expect(ids(part, parent), `${url} → ${parent}`).toEqual(ids(whole, parent));
      }
    }
  }, 30_000);

  it("send what they cannot reason about to the whole build", () => {
    for (const url of ["/staff/%2e%2e/login", "/%73taff/tasks", "//staff/tasks", "/staff/../login", "/staff\\..\\login", "http://x/staff"]) {
      expect(partitions.buildFor(url), url).toBe(build);
    }
  });

  it("keep the client manifest to the same routes as the server's", () => {
    for (const b of partitions.builds) expect(Object.keys(b.assets.routes).sort()).toEqual(Object.keys(b.routes).sort());
  });
});
