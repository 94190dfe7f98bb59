/**
 * Which requests ask the session check for the layouts' profile summary (app/lib/auth.server.ts,
 * wantsSessionSummary): page loads only, so pictures, JSON resources, beacons and actions cost the API nothing more.
 */
import { describe, expect, it } from "vitest";
import { wantsSessionSummary } from "../../app/lib/auth.server";

const request = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  new Request(`http://web.test${path}`, { method: init.method ?? "GET", headers: init.headers });

describe("the session check's summary", () => {
  it("is asked by a page load: a document, or a client navigation's data request", () => {
    expect(wantsSessionSummary(request("/patient", { headers: { "Sec-Fetch-Dest": "document", Accept: "text/html" } }))).toBe(true);
    expect(wantsSessionSummary(request("/patient", { headers: { Accept: "text/html,application/xhtml+xml" } }))).toBe(true);
    expect(wantsSessionSummary(request("/patient/chats.data", { headers: { "Sec-Fetch-Dest": "empty" } }))).toBe(true);
  });

  it("is not asked by pictures, JSON resources, beacons or actions", () => {
    expect(wantsSessionSummary(request("/api/v1/avatars/abc", { headers: { "Sec-Fetch-Dest": "image", Accept: "image/*" } }))).toBe(false);
    expect(wantsSessionSummary(request("/resources/tasks/users?search=an", { headers: { "Sec-Fetch-Dest": "empty", Accept: "*/*" } }))).toBe(false);
    expect(wantsSessionSummary(request("/resources/track.gif", { headers: { Accept: "image/*" } }))).toBe(false);
    expect(wantsSessionSummary(request("/patient/account/profile", { method: "POST", headers: { "Sec-Fetch-Dest": "document", Accept: "text/html" } }))).toBe(false);
    expect(wantsSessionSummary(request("/patient/account/profile.data", { method: "POST" }))).toBe(false);
  });
});
