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
      // session-info, the profile, and the security page's two other reads (auth methods, sessions).
      expect({ path, calls: Number(calls?.[1] ?? 1) }).toEqual({ path, calls: path.endsWith("security") ? 4 : 2 });
    }
  });

  it("a patient or staff page without data of its own makes one upstream call: the session check brings the menu's summary", async () => {
    for (const [role, path] of [
      // (The overview /patient has data of its own since issue 15: the session check and its three panels' calls.)
      ["patient", "/patient/subscriptions"],
      ["nurse", "/staff"],
    ] as const) {
      const response = await (await as(role)).raw("GET", path);
      expect(response.status).toBe(200);
      const header = response.headers.get("server-timing") ?? "";
      // One call has no count ("desc"); two or more would say `;desc="2 calls"`.
      expect({ path, header }).toEqual({ path, header: expect.stringMatching(/(?:^|, )upstream;dur=[\d.]+(?:,|$)/) });
    }
  });

  it("a redirect: the total", async () => {
    const response = await new WebClient().raw("GET", "/patient");
    expect(response.status).toBe(302);
    expect(response.headers.get("server-timing")).toMatch(/total;dur=\d+\.\d/);
  });
});
