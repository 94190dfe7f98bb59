/**
 * Sign-in with the TOTP step (spec §3 "Login response may carry authMethod for TOTP", §4 Login): the
 * upstream answers the password with a challenge, the same page asks for the code, then the user lands home.
 * Two-factor authentication is switched on for a demo staff account through the upstream API first (one
 * account per project, so the two projects do not meet).
 */
import { expect, test } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { PASSWORD, isNoJs, submitSignIn } from "./support";

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;

/** A minimal upstream client for the test's own set-up (cookies and CSRF token kept by hand). */
async function enableTotp(email: string): Promise<OTPAuth.TOTP> {
  const cookies = new Map<string, string>();
  let csrf = "";
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(API + path, {
      method,
      headers: {
        Accept: "application/json",
        "X-Requested-With": "XMLHttpRequest",
        "X-Frontend-Version": "2",
        ...(body ? { "Content-Type": "application/json" } : {}),
        ...(csrf && method !== "GET" ? { "X-CSRF-Token": csrf } : {}),
        Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = pair.split("=");
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    const json = (await response.json()) as { message: string; data: Record<string, unknown> };
    expect(response.status, `${method} ${path}: ${json.message}`).toBe(200);
    return json.data;
  };
  csrf = String((await call("POST", "/api/v1/users/session-info", {})).csrfTokenValue);
  csrf = String((await call("POST", "/actions/users/login", { loginName: email, password: PASSWORD })).csrfTokenValue);
  const { secret } = (await call("GET", "/api/v1/users/get-totp-secret")) as { secret: string };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  await call("POST", "/api/v1/users/verify-totp", { code: totp.generate() });
  await call("POST", "/actions/users/logout", {});
  return totp;
}

test("a password sign-in with two-factor authentication asks for the code, then lands home", async ({ page }, testInfo) => {
  const email = isNoJs(testInfo) ? "sofia.alvarez@staff.demo.test" : "laura.fischer@staff.demo.test";
  const totp = await enableTotp(email);

  await page.goto("/login?redirectTo=%2Fstaff%2Fuploads");
  await submitSignIn(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-step verification");
  const code = page.getByLabel("Verification code");

  // A wrong code is refused beside the field; the step stays.
  await code.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator("[data-toast=error]")).toHaveText("Invalid code.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-step verification");

  // Codes are single-use: the enrolment used the current one, so sign in with the next period's code.
  await page.getByLabel("Verification code").fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/staff/uploads");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Uploads");
});
