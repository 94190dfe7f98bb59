import type { RouterContextProvider } from "react-router";
import { getUpstream, type BodyOf } from "./upstream.server.ts";

/**
 * Analytics events (POST /api/v1/track; api/contract/users.ts): the tracking resource routes
 * (app/routes/resources/track.ts, track-pixel.ts) reach the upstream only through this. Analytics never
 * bothers anyone: a 401 throws instead of redirecting, and the callers keep every failure silent.
 */
export function trackApi(context: Readonly<RouterContextProvider>) {
  const upstream = getUpstream(context);
  return {
    record: (event: BodyOf<"POST /api/v1/track">) => upstream.call("POST /api/v1/track", { body: event, on401: "throw" }),
  };
}
