/**
 * Every answer of the web says where its time went (Server-Timing, app/lib/server-timing.server.ts): a signed-in
 * page its upstream calls, loaders and render; a redirect its total.
 */
import { describe, expect, it } from "vitest";
import { as, WebClient } from "./client";

describe("Server-Timing", () => {
  it("a signed-in page: upstream calls, loaders and render", async () => {
    const client = await as("patient");
    const response = await client.raw("GET", "/patient/account/profile");
    expect(response.status).toBe(200);
    const header = response.headers.get("server-timing") ?? "";
    expect(header).toMatch(/upstream;dur=\d+\.\d(;desc="\d+ calls")?/);
    expect(header).toMatch(/loaders;dur=\d+\.\d/);
    expect(header).toMatch(/render;dur=\d+\.\d/);
  });

  it("an account page reads the profile once for its layout and the page: two upstream calls with the session check", async () => {
    const client = await as("patient");
    for (const path of ["/patient/account/profile", "/patient/account/pharmacy", "/patient/account/security"]) {
      const response = await client.raw("GET", path);
      expect(response.status).toBe(200);
      const calls = /upstream;dur=[\d.]+(?:;desc="(\d+) calls")?/.exec(response.headers.get("server-timing") ?? "");
      // session-info, the profile, and the security page's three other reads (auth methods, sessions, the access log).
      expect({ path, calls: Number(calls?.[1] ?? 1) }).toEqual({ path, calls: path.endsWith("security") ? 5 : 2 });
    }
  });

  it("a patient or staff page makes its own calls and the session check, which brings the menu's summary: no profile read", async () => {
    // Every patient and staff page has data of its own since issues 15–19; the layouts add only the session check.
    for (const [role, path, calls] of [
      ["patient", "/patient/help-center", 2], // the session check and the patient's chats (the support chat's link)
      ["nurse", "/staff/messages", 2], // the session check and the unread chats list
    ] as const) {
      const response = await (await as(role)).raw("GET", path);
      expect(response.status).toBe(200);
      const header = response.headers.get("server-timing") ?? "";
      const count = /upstream;dur=[\d.]+(?:;desc="(\d+) calls")?/.exec(header);
      expect({ path, calls: Number(count?.[1] ?? 1) }).toEqual({ path, calls });
    }
  });

  it("a redirect: the total", async () => {
    const response = await new WebClient().raw("GET", "/patient");
    expect(response.status).toBe(302);
    expect(response.headers.get("server-timing")).toMatch(/total;dur=\d+\.\d/);
  });
});
