import { describe, expect, it } from "vitest";
import { parseWebConfig } from "../../app/lib/config.server";

describe("the toast cookie in production", () => {
  it("is a __Host- cookie: Secure, Path=/, no Domain", async () => {
    // webConfig() reads the configuration kept on globalThis (app/lib/config.server.ts).
    (globalThis as Record<symbol, unknown>)[Symbol.for("telehealth.web.config")] = parseWebConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) });
    const { toastUtils } = await import("../../app/lib/toast.server");
    const response = await toastUtils().redirectWithSuccess("/", "Saved.");
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-th_toast=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});

describe("the toast middleware in production", () => {
  it("reads a toast carried in the __Host- cookie (it is only read when the request carries one)", async () => {
    (globalThis as Record<symbol, unknown>)[Symbol.for("telehealth.web.config")] = parseWebConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) });
    const { toastUtils, toastMiddleware, takeToasts } = await import("../../app/lib/toast.server");
    const { RouterContextProvider } = await import("react-router");
    const flashed = await toastUtils().redirectWithSuccess("/", "Saved.");
    const cookie = flashed.headers.getSetCookie()[0].split(";")[0];
    const request = new Request("https://example.test/patient", { headers: { Cookie: `other=1; ${cookie}` } });
    const context = new RouterContextProvider();
    let seen: string[] = [];
    await toastMiddleware({ request, context }, async () => {
      seen = takeToasts(context).map((toast) => toast.message);
      return new Response("ok");
    });
    expect(seen).toEqual(["Saved."]);
  });
});
