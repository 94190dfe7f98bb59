/**
 * Sign-in and sign-out without JavaScript, as plain HTTP (spec §2 Public, §4 Login): the sign-in form by role,
 * back to the page asked for, its errors (beside the fields, above the form, in a toast), the rate limit in
 * both languages, the two-factor step (code and recovery code), the signed-in visit to /login, logout from
 * the menus, and the logout that another site cannot trigger. The browser journeys with JavaScript are in
 * tests/e2e/auth.spec.ts and totp.spec.ts.
 *
 * Every client signs in with a session of its own, so logging out never ends anyone else's. Tests that
 * change an account use a test patient of their own (slots 10–19 of tests/support/accounts.ts).
 */
import { describe, expect, inject, it } from "vitest";
import { DEMO, PASSWORD, testPatient, type DemoUser } from "../support/accounts";
import { enableTotpFor, nextCode } from "../e2e/account-security-support";
import { WebClient, as, squash, type WebPage } from "./client";

const API = inject("webApiURL");

/** The sign-in page, then its form submitted with `values`. */
async function signInWithForm(client: WebClient, values: Record<string, string>, path = "/login"): Promise<WebPage> {
  const login = await client.get(path);
  return client.submit(login, "#sign-in", values);
}

const alertOf = (page: WebPage, form: string) => page.text(`#${form} [role=alert]`);

describe("sign-in by role", () => {
  for (const user of Object.keys(DEMO) as DemoUser[]) {
    it(`${DEMO[user].email} lands on ${DEMO[user].home}`, async () => {
      const client = new WebClient();
      const start = await client.get("/");
      expect(start.path).toBe("/login");
      const home = await client.submit(start, "#sign-in", { email: DEMO[user].email, password: PASSWORD });
      expect(home.path).toBe(DEMO[user].home);
      // The upstream's success message, as a toast.
      expect(home.toasts("success")).toEqual(["You are signed in."]);
    });
  }
});

describe("where a sign-in leads", () => {
  it("back to the page the guest asked for, if the role may open it; home otherwise", async () => {
    const client = new WebClient();
    const asked = await client.get("/patient/account/security");
    expect(asked.path).toBe("/login?redirectTo=%2Fpatient%2Faccount%2Fsecurity");
    expect(asked.$("#sign-in input[name=redirectTo]")?.getAttribute("value")).toBe("/patient/account/security");
    const back = await client.submit(asked, "#sign-in", { email: DEMO.patient.email, password: PASSWORD });
    expect(back.path).toBe("/patient/account/security");
    expect(back.h1).toBe("Security");

    // A page the role may not open, and an address on another site: home.
    const nurse = new WebClient();
    expect((await signInWithForm(nurse, { email: DEMO.nurse.email, password: PASSWORD }, "/login?redirectTo=%2Fmanager")).path).toBe("/staff");
    const other = new WebClient();
    expect((await signInWithForm(other, { email: DEMO.support.email, password: PASSWORD }, "/login?redirectTo=%2F%2Fevil.example%2Fx")).path).toBe("/staff");
  });

  it("a signed-in visit to /login redirects by role", async () => {
    const manager = await as("manager");
    expect((await manager.get("/login")).path).toBe("/manager");
    expect((await manager.get("/")).path).toBe("/manager");
    const nurse = await as("nurse");
    expect((await nurse.get("/login")).path).toBe("/staff");
  });
});

describe("sign-in errors", () => {
  it("empty fields show their errors beside the fields; what was typed comes back, never the password", async () => {
    const client = new WebClient();
    const empty = await signInWithForm(client, { email: "", password: "" });
    expect(empty.status).toBe(400);
    expect(empty.path).toBe("/login");
    expect(empty.field("Email").getAttribute("aria-invalid")).toBe("true");
    expect(empty.fieldError("Email")).toBe("Value is required");
    expect(empty.field("Password").getAttribute("aria-invalid")).toBe("true");
    expect(empty.fieldError("Password")).toBe("Value is required");

    const invalid = await client.submit(empty, "#sign-in", { email: "not-an-email", password: "x" });
    expect(invalid.fieldError("Email")).toBe("Value is not a valid email address");
    expect(invalid.field("Email").getAttribute("value")).toBe("not-an-email");
    expect(invalid.field("Password").getAttribute("value") ?? "").toBe("");
    expect(invalid.path).toBe("/login");
  });

  it("a wrong password is refused with the upstream message, above the form and in a toast", async () => {
    const client = new WebClient();
    const refused = await signInWithForm(client, { email: DEMO.support.email, password: "WrongPassw0rd" });
    expect(refused.path).toBe("/login");
    expect(alertOf(refused, "sign-in")).toBe("Invalid email or password.");
    expect(refused.toasts("error")).toEqual(["Invalid email or password."]);
    // The password is not sent back into the page; the email is.
    expect(refused.field("Password").getAttribute("value") ?? "").toBe("");
    expect(refused.field("Email").getAttribute("value")).toBe(DEMO.support.email);
    const home = await client.submit(refused, "#sign-in", { password: PASSWORD });
    expect(home.path).toBe("/staff");
  });

  it("rate limit: after five wrong passwords for one account the sixth attempt is refused for a while, in the user's language", async () => {
    const account = testPatient(16);
    const client = new WebClient();
    let page = await client.get("/login");
    for (let i = 0; i < 5; i++) {
      page = await client.submit(page, "#sign-in", { email: account.email, password: `Wrong-Passw0rd-${i}` });
      expect(alertOf(page, "sign-in")).toBe("Invalid email or password.");
    }
    page = await client.submit(page, "#sign-in", { email: account.email, password: account.password });
    expect(page.path).toBe("/login");
    expect(alertOf(page, "sign-in")).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    expect(page.toasts("error")[0]).toMatch(/^Too many attempts\./);

    const spanish = await client.submit(page, { button: "Español" });
    expect(spanish.lang).toBe("es-US");
    const refused = await client.submit(spanish, "#sign-in", { email: account.email, password: account.password });
    expect(alertOf(refused, "sign-in")).toMatch(/^Demasiados intentos\. Inténtelo de nuevo en \d+ minutos?\.$/);
  });
});

// A beacon (the analytics post a page sends when it loads) that left before a sign-in and is answered after it
// must not put the guest session back (app/lib/middleware.server.ts: beacons never write the session).
it("a beacon that left before the sign-in and is answered after it does not undo the sign-in", async () => {
  const client = new WebClient();
  await client.get("/login");
  const before = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  await client.signIn(DEMO.patient.email);
  const beacon = await fetch(new URL("/resources/track", client.baseURL), {
    method: "POST",
    headers: { Cookie: before, "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest", "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({ event: "PageView", payload: { name: "common:pages.login", url: "/login" }, device: {}, browser: {} }),
  });
  expect(beacon.status).toBe(204);
  for (const line of beacon.headers.getSetCookie()) {
    const [pair] = line.split(";");
    client.cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  }
  expect((await client.get("/patient")).path).toBe("/patient");
});

describe("the two-factor step", () => {
  it("a password sign-in with two-factor authentication asks for the code, refuses a wrong one, then goes on to the page asked for", async () => {
    const account = testPatient(13);
    const { totp } = await enableTotpFor(API, account.email);
    const client = new WebClient();
    const step = await signInWithForm(client, account, "/login?redirectTo=%2Fpatient%2Faccount%2Fsecurity");
    expect(step.path).toBe("/login?redirectTo=%2Fpatient%2Faccount%2Fsecurity");
    expect(step.h1).toBe("Two-step verification");
    expect(step.$("#sign-in")).toBeNull();
    expect(step.$("#sign-in-code input[name=redirectTo]")?.getAttribute("value")).toBe("/patient/account/security");

    // A wrong code: refused, the step stays, the code does not come back.
    const wrong = await client.submit(step, "#sign-in-code", { code: "000000" });
    expect(wrong.toasts("error")).toEqual(["Invalid code."]);
    expect(wrong.h1).toBe("Two-step verification");
    expect(wrong.field("Verification code").getAttribute("value") ?? "").toBe("");
    // An empty one: beside the field.
    const empty = await client.submit(wrong, "#sign-in-code", { code: "" });
    expect(empty.field("Verification code").getAttribute("aria-invalid")).toBe("true");
    expect(empty.fieldError("Verification code")).not.toBe("");

    // Codes are single-use: the enrolment used the current one, so sign in with the next period's code.
    const done = await client.submit(empty, "#sign-in-code", { code: nextCode(totp) });
    expect(done.path).toBe("/patient/account/security");
    expect(done.toasts("success")).toHaveLength(1);
  });

  it("a recovery code instead of the app: a wrong one is refused beside the field, a right one signs in once", async () => {
    const account = testPatient(14);
    const { recoveryCodes } = await enableTotpFor(API, account.email);
    const client = new WebClient();
    const step = await signInWithForm(client, account);
    expect(step.h1).toBe("Two-step verification");
    const recovery = await client.get(step.link("Use a recovery code"));
    expect(recovery.path).toBe("/login?step=recovery");
    expect(recovery.h1).toBe("Use a recovery code");
    // And back to the app's code.
    expect(recovery.link("Use a code from your authenticator app instead")).toBe("/login?step=totp");

    const wrong = await client.submit(recovery, "#sign-in-recovery", { recoveryCode: "aaaa-bbbb-cccc" });
    expect(wrong.h1).toBe("Use a recovery code");
    expect(wrong.text("#sign-in-recovery-recoveryCode-error")).toBe("Invalid code.");
    expect(wrong.field("Recovery code").getAttribute("value") ?? "").toBe("");
    const done = await client.submit(wrong, "#sign-in-recovery", { recoveryCode: recoveryCodes[0] });
    expect(done.path).toBe("/patient");
    expect((await client.get("/patient/account/security")).text("[data-testid=recovery-codes-left]")).toBe("You have 9 recovery codes left.");

    // Used once: the same code is refused at the next sign-in.
    const again = new WebClient();
    await signInWithForm(again, account);
    const reused = await again.submit(await again.get("/login?step=recovery"), "#sign-in-recovery", { recoveryCode: recoveryCodes[0] });
    expect(reused.h1).toBe("Use a recovery code");
    expect(reused.text("#sign-in-recovery-recoveryCode-error")).not.toBe("");
  });

  it("the steps are only offered while a password sign-in waits for them", async () => {
    const client = new WebClient();
    expect((await client.get("/login?step=totp")).h1).toBe("Sign in");
    expect((await client.get("/login?step=recovery")).h1).toBe("Sign in");
  });
});

describe("logout", () => {
  it("from the patient menu: the session ends", async () => {
    const client = await as("patient");
    const home = await client.get("/patient");
    const link = home.$("aside a[href='/actions/users/logout']");
    expect(squash(link?.textContent ?? "")).toBe("Log out");
    const out = await client.get(link!.getAttribute("href")!);
    expect(out.path).toBe("/login");
    expect(out.toasts("success")).toEqual(["You have been signed out."]);
    expect((await client.get("/patient")).path).toBe("/login?redirectTo=%2Fpatient");
  });

  it("from the staff profile menu", async () => {
    const client = await as("provider");
    const home = await client.get("/staff");
    const link = home.$("[data-testid=profile-menu] a[href='/actions/users/logout']");
    expect(squash(link?.textContent ?? "")).toBe("Log out");
    const out = await client.get(link!.getAttribute("href")!);
    expect(out.path).toBe("/login");
    expect((await client.get("/staff")).path).toBe("/login?redirectTo=%2Fstaff");
  });

  it("a logout link on another site cannot sign the user out: it only asks, and the answer needs the form token", async () => {
    const client = await as("patient");
    // A GET from another site (Sec-Fetch-Site: cross-site) only shows a confirmation page…
    const asked = await client.get("/actions/users/logout", { headers: { "Sec-Fetch-Site": "cross-site" }, follow: false });
    expect(asked.status).toBe(200);
    expect(asked.bodyText).toContain("Do you want to sign out?");
    expect((await client.get("/patient")).path).toBe("/patient");
    // …whose POST form, carrying the session's form token, signs out.
    const form = asked.form("form[action='/actions/users/logout']");
    expect(form.querySelector("input[name=formToken]")?.getAttribute("value")).toBeTruthy();
    const confirmed = await client.submit(asked, "form[action='/actions/users/logout']", {}, { follow: false });
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe("/login");
    expect((await client.get("/patient")).path).toBe("/login?redirectTo=%2Fpatient");
  });

  it("a logout post without the form token is refused", async () => {
    const client = await as("patient");
    const response = await client.post("/actions/users/logout", { formToken: "forged" }, { follow: false });
    expect(response.status).toBe(403);
    expect((await client.get("/patient")).path).toBe("/patient");
  });

  it("a guest who follows a logout link is told they are signed out", async () => {
    const out = await new WebClient().get("/actions/users/logout");
    expect(out.path).toBe("/login");
    expect(out.toasts("info")).toEqual(["You are signed out."]);
  });
});

// A sign-in post from a sandboxed frame, a data: page or another site's redirect carries `Origin: null`; without
// fetch metadata and without our session cookie nothing says it comes from our page (a login CSRF).
describe("sign-in posts that do not come from our pages", () => {
  const form = new URLSearchParams({ intent: "password", email: DEMO.patient.email, password: PASSWORD }).toString();
  const post = (headers: Record<string, string>) =>
    fetch(new URL("/login", inject("webBaseURL")), { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body: form });

  it("`Origin: null` with no cookies is refused, and so is a cross-site one", async () => {
    const nullOrigin = await post({ Origin: "null" });
    expect(nullOrigin.status).toBe(403);
    expect(nullOrigin.headers.getSetCookie().join(" ")).not.toMatch(/th_web=/);
    // Another site's Origin: React Router's own check answers first (400).
    expect([400, 403]).toContain((await post({ Origin: "https://evil.example" })).status);
    expect((await post({ "Sec-Fetch-Site": "cross-site", Origin: "null" })).status).toBe(403);
  });

  it("`Origin: null` from our own page (an old browser under no-referrer: it carries our session cookie) still signs in", async () => {
    const client = new WebClient();
    await client.get("/login");
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const r = await post({ Origin: "null", Cookie: cookie });
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe(DEMO.patient.home);
  });
});

// A body the route actions cannot read is refused before them, never a 500 (issue 12).
describe("writes the pages cannot read", () => {
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    fetch(new URL(path, inject("webBaseURL")), { method, redirect: "manual", headers: { "Sec-Fetch-Site": "same-origin", ...headers }, body });

  it("a POST that is not a form is a 400, another method a 405", async () => {
    for (const path of ["/login", "/forgot-password", "/patient/account/security"]) {
      expect((await send("POST", path, { "Content-Type": "application/json" }, "{}")).status, path).toBe(400);
      expect((await send("POST", path, { "Content-Type": "text/plain" }, "x")).status, path).toBe(400);
      expect((await send("POST", path, { "Content-Type": "multipart/form-data; boundary=x" }, "garbage")).status, path).toBe(400);
      expect((await send("DELETE", path)).status, path).toBe(405);
    }
  });

  it("a 405 says which methods the page takes (Allow)", async () => {
    for (const path of ["/login", "/patient/account/security", "/actions/language", "/staff/tasks"]) {
      for (const method of ["PUT", "DELETE", "PATCH"]) {
        const answer = await send(method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get("allow"), `${method} ${path}`).toBe("GET, HEAD, POST");
      }
    }
  });
});
