/**
 * Pure parts of the account-security web tier (issue 5): the upstream cookies the BFF keeps (th_device),
 * the API messages of these flows in both languages, the device names of the sessions list, the form
 * schemas shared with the API, and the security texts having the same keys in en-US and es-US.
 */
import { ServerTiming } from "../../app/lib/server-timing.server";
import { describe, expect, it, vi } from "vitest";
import { describeDevice } from "../../app/components/account-security/device";
import { securityPathFor } from "../../app/components/account-security/paths";
import { isSecurityIntent } from "../../app/components/account-security/types";
import { resources } from "../../app/lib/i18n.server";
import { changeEmailSchema, changePasswordSchema, signInSchema, totpDisableSchema } from "../../app/lib/schemas/auth";
import { UPSTREAM_COOKIES, WebSession } from "../../app/lib/session.server";
import { Upstream } from "../../app/lib/upstream.server";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

async function client(responses: Response[]) {
  const cookies: (string | null)[] = [];
  const fetchMock = vi.fn(async (_url: URL | RequestInfo, init?: RequestInit) => {
    cookies.push(new Headers(init?.headers).get("Cookie"));
    const next = responses.shift();
    if (!next) throw new TypeError("fetch failed");
    return next;
  });
  const session = await WebSession.fromRequest(new Request("http://web.test/login"));
  const upstream = new Upstream({
    request: new Request("http://web.test/login"),
    session,
    env: { nonce: "n", clientIp: "203.0.113.9", timing: new ServerTiming() },
    locale: () => "en-US",
    onUnauthorized: () => {
      throw new Error("401");
    },
    fetch: fetchMock as unknown as typeof fetch,
  });
  return { upstream, session, cookies };
}

describe("the BFF keeps the upstream's known-device cookie (th_device) like th_mfa", () => {
  it("is one of the upstream cookies", () => {
    expect(UPSTREAM_COOKIES).toEqual(expect.arrayContaining(["th_session", "th_guest", "th_mfa", "th_device"]));
  });

  it("stores it from the sign-in answer, forwards it, and keeps it (with th_guest) when the user signs out", async () => {
    const signIn = json(
      200,
      { message: "You are signed in.", data: { id: 1, groups: ["patients"], csrfTokenValue: "t" } },
      {},
    );
    signIn.headers.append("Set-Cookie", "th_session=s1; Path=/; HttpOnly");
    signIn.headers.append("Set-Cookie", "th_device=1.1700000000000.mac; Path=/; Max-Age=15552000; HttpOnly");
    signIn.headers.append("Set-Cookie", "th_mfa=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT");
    const { upstream, session, cookies } = await client([
      json(200, { message: "", data: { id: null, isGuest: true, groups: [], csrfTokenValue: "g", sessionEnded: null } }, { "Set-Cookie": "th_guest=g1; Path=/" }),
      signIn,
      json(200, { message: "", data: { password: true, totp: false, recoveryCodesLeft: 0 } }),
    ]);
    await upstream.call("POST /actions/users/login", { body: { loginName: "a@b.test", password: "x" } });
    expect(session.upstreamCookies).toEqual({ th_guest: "g1", th_session: "s1", th_device: "1.1700000000000.mac" });
    await upstream.call("GET /api/v1/users/get-auth-methods");
    expect(cookies.at(-1)).toBe("th_guest=g1; th_session=s1; th_device=1.1700000000000.mac");
    session.signOut();
    expect(session.upstreamCookies).toEqual({ th_guest: "g1", th_device: "1.1700000000000.mac" });
    expect(session.hasUpstreamSession).toBe(false);
  });

  it("keeps the device mark in its own long-lived cookie, so a new browser session still knows the device", async () => {
    const first = await WebSession.fromRequest(new Request("http://web.test/"));
    first.setUpstreamCookie("th_device", "1.1700000000000.mac");
    const set = await first.commit();
    const device = set.find((c) => c.startsWith("th_web_device="))!;
    expect(device).toMatch(/Max-Age=15552000/);
    expect(device).toMatch(/HttpOnly/);
    expect(set.some((c) => c.startsWith("th_web="))).toBe(true);
    // The browser was closed: only the device cookie comes back.
    const cookie = device.split(";")[0];
    const next = await WebSession.fromRequest(new Request("http://web.test/", { headers: { Cookie: cookie } }));
    expect(next.upstreamCookies).toEqual({ th_device: "1.1700000000000.mac" });
    expect(await next.commit()).toEqual([]); // nothing new to write
    // A tampered device cookie is ignored (signed with the web's secret).
    const forged = await WebSession.fromRequest(new Request("http://web.test/", { headers: { Cookie: "th_web_device=eyJ4Ijox" } }));
    expect(forged.upstreamCookies.th_device).toBeUndefined();
  });

  it("tells once why the session ended, and whether a two-factor step is pending", async () => {
    const session = await WebSession.fromRequest(new Request("http://web.test/"));
    expect(session.hasPendingTwoFactor).toBe(false);
    session.setUpstreamCookie("th_mfa", "1.2.mac");
    expect(session.hasPendingTwoFactor).toBe(true);
    session.flashSignedOut("inactivity");
    expect(session.takeSignedOut()).toBe("inactivity");
    expect(session.takeSignedOut()).toBeNull();
  });
});


describe("sessions list: the device in words", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", "Chrome", "Windows"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0", "Edge", "Windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "Safari", "macOS"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari", "iOS"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox", "Linux"],
    ["Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36", "Samsung Internet", "Android"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36", "Chrome", "Linux"],
  ])("%s", (ua, browser, os) => {
    expect(describeDevice(ua)).toEqual({ browser, os });
  });
  it("unknown or missing", () => {
    expect(describeDevice(null)).toEqual({ browser: null, os: null });
    expect(describeDevice("curl/8.0")).toEqual({ browser: null, os: null });
  });
});

describe("the forms use the API's rules", () => {
  it("sign-in steps: password, authenticator code, recovery code", () => {
    expect(signInSchema.safeParse({ intent: "totp", code: "123456" }).success).toBe(true);
    expect(signInSchema.safeParse({ intent: "totp", code: "12345" }).error?.issues[0].message).toBe("validation.totpCode");
    expect(signInSchema.safeParse({ intent: "recovery", recoveryCode: "abcd-efgh-jkmn" }).success).toBe(true);
    expect(signInSchema.safeParse({ intent: "recovery", recoveryCode: "abc" }).error?.issues[0].message).toBe("validation.recoveryCode");
  });
  it("change password lists every failing rule", () => {
    const issues = changePasswordSchema.safeParse({ currentPassword: "", newPassword: "abc def", passwordConfirm: "x" }).error?.issues ?? [];
    expect(issues.map((i) => `${i.path.join(".")}:${i.message}`)).toEqual([
      "currentPassword:validation.required",
      "newPassword:validation.password.tooShort",
      "newPassword:validation.password.uppercase",
      "newPassword:validation.password.digit",
      "newPassword:validation.password.spaces",
      "passwordConfirm:validation.password.mismatch",
    ]);
  });
  it("email change and turning two-factor off", () => {
    expect(changeEmailSchema.safeParse({ email: "not-an-email" }).error?.issues[0].message).toBe("validation.email");
    expect(changeEmailSchema.safeParse({ email: "a@gmial.com", keepTypo: "1" }).success).toBe(true);
    expect(totpDisableSchema.safeParse({}).error?.issues[0].message).toBe("validation.codeOrPassword");
    expect(totpDisableSchema.safeParse({ password: "x" }).success).toBe(true);
  });
  it("intents and where each role manages its security", () => {
    expect(isSecurityIntent("revoke-others")).toBe(true);
    expect(isSecurityIntent("drop-tables")).toBe(false);
    expect(securityPathFor("patients")).toBe("/patient/account/security");
    expect(securityPathFor("providers")).toBe("/manager/profile#security");
    expect(securityPathFor("medicalSupport")).toBe("/staff/profile#security");
    expect(securityPathFor("guest")).toBeNull();
  });
});

describe("security texts", () => {
  function keys(value: unknown, prefix = ""): string[] {
    if (typeof value !== "object" || value === null) return [prefix];
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  it("en-US and es-US have the same keys (es-US may add _many plurals), none empty", () => {
    const en = keys(resources["en-US"].security).sort();
    const es = keys(resources["es-US"].security)
      .filter((k) => !k.endsWith("_many"))
      .sort();
    expect(es).toEqual(en);
    for (const k of keys(resources["es-US"].security)) {
      const value = k.split(".").reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], resources["es-US"].security);
      expect(String(value).trim(), k).not.toBe("");
    }
  });
});
