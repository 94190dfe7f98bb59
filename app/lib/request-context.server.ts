import { createContext, RouterContextProvider, type RouterContext } from "react-router";
import { ServerTiming } from "./server-timing.server.ts";

/** What the HTTP server (server.ts) hands to React Router for one request. */
export type RequestEnv = {
  /** Per-request CSP nonce for inline and module scripts (server.ts sets the matching header). */
  nonce: string;
  /** The client's address as Express sees it (honours TRUST_PROXY); forwarded to the upstream. */
  clientIp: string | undefined;
  /** This request's Server-Timing entries (app/lib/server-timing.server.ts). */
  timing: ServerTiming;
};

/*
 * server.ts is loaded by tsx while the app is loaded from the build (or by Vite in dev): two module
 * instances of this file. A context key is compared by identity, so it is registered once on globalThis.
 */
const KEY = Symbol.for("telehealth.web.requestEnvContext");
type Holder = { [KEY]?: RouterContext<RequestEnv> };
const holder = globalThis as Holder;
export const requestEnvContext: RouterContext<RequestEnv> = (holder[KEY] ??= createContext<RequestEnv>({
  nonce: "",
  clientIp: undefined,
  timing: new ServerTiming(),
}));

export function createLoadContext(env: RequestEnv): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestEnvContext, env);
  return context;
}
