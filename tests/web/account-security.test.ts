/**
 * The account security panel without JavaScript, as plain HTTP (issue 5): /patient/account/security and the
 * #security section of /staff/profile and /manager/profile — change password (the current password checked,
 * each rule its own message, in both languages, other devices signed out), change email (the "Did you
 * mean…?" question, the /confirm-email link that confirms only on its button, once), two-factor
 * authentication (enrol with the QR code and the key, the recovery codes, turn it off), and the sessions
 * (this device marked, sign out one, sign out the others). The browser journeys with JavaScript are in
 * tests/e2e/account-security.spec.ts.
 *
 * Each test that changes an account has a test patient of its own (slots 10–19 of tests/support/accounts.ts;
 * 13, 14 and 16 are tests/web/auth.test.ts's). Mail goes to the development outbox of the web suite's API.
 */
import { describe, expect, inject, it } from "vitest";
import { testPatient } from "../support/accounts";
import { PASSWORD_RULES, USER_AGENTS, authenticator, outboxHead, outboxLink } from "../e2e/account-security-support";
import { WebClient, as, squash, type WebPage } from "./client";

const API = inject("webApiURL");
const SECURITY = "/patient/account/security";

/** A client signed in as `account`, with a browser's user agent of its own. */
async function signedIn(account: { email: string; password: string }, userAgent: string = USER_AGENTS.chrome): Promise<WebClient> {
  const client = new WebClient();
  client.headers["User-Agent"] = userAgent;
  await client.signIn(account.email, account.password);
  return client;
}

/** The language switcher of the page (a plain form): the same page again, in that language. */
const switchTo = (client: WebClient, page: WebPage, language: "English" | "Español") => client.submit(page, { button: language });

const value = (page: WebPage, label: string) => page.field(label).getAttribute("value") ?? "";
const sessions = (page: WebPage) => page.$$("[data-testid=session]");

describe("change password", () => {
  it("the current password is checked, each rule has its own message (en-US, es-US), nothing typed comes back", async () => {
    const account = testPatient(11);
    const client = await signedIn(account);
    const page = await client.get(SECURITY);
    expect(page.h1).toBe("Security");
    expect(page.$$("h2").map((h) => squash(h.textContent ?? ""))).toEqual(
      expect.arrayContaining(["Password", "Email address", "Two-factor authentication", "Where you are signed in"]),
    );

    // A wrong current password: refused beside the field, nothing typed comes back.
    const wrong = await client.submit(page, "#change-password", {
      currentPassword: "Wrong-Passw0rd-1",
      newPassword: "Another-Passw0rd-9",
      passwordConfirm: "Another-Passw0rd-9",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text("#change-password-currentPassword-error")).toBe("The current password is not correct.");
    expect(wrong.field("Current password").getAttribute("aria-invalid")).toBe("true");
    expect(wrong.fieldError("Current password")).toBe("The current password is not correct.");
    expect(wrong.toasts("error")).toEqual(["The current password is not correct."]);
    for (const label of ["Current password", "New password", "Confirm new password"]) expect(value(wrong, label), label).toBe("");

    let last = wrong;
    for (const [password, message] of PASSWORD_RULES.en) {
      last = await client.submit(last, "#change-password", { currentPassword: account.password, newPassword: password, passwordConfirm: password });
      expect(last.text("#change-password-newPassword-error"), password).toBe(message);
      expect(last.fieldError("New password")).toBe(message);
      expect(value(last, "New password")).toBe("");
    }
    // Several failing rules: each its own message.
    last = await client.submit(last, "#change-password", { currentPassword: account.password, newPassword: "abc def", passwordConfirm: "abc def" });
    for (const message of [
      "Password must be more than 8 characters",
      "Password must contain an uppercase letter",
      "Password must contain a digit",
      "Password must not contain spaces",
    ]) {
      expect(last.text("#change-password-newPassword-error")).toContain(message);
    }
    // Without JavaScript the rules are one sentence under the field (the checklist needs JavaScript).
    expect(last.$("#change-password [data-testid=password-checklist]")).toBeNull();

    const spanish = await switchTo(client, last, "Español");
    expect(spanish.lang).toBe("es-US");
    last = spanish;
    for (const [password, message] of PASSWORD_RULES.es) {
      last = await client.submit(last, "#change-password", { currentPassword: account.password, newPassword: password, passwordConfirm: password });
      expect(last.text("#change-password-newPassword-error"), password).toBe(message);
    }
    const mismatch = await client.submit(last, "#change-password", {
      currentPassword: account.password,
      newPassword: "Otra-Contrasena-9",
      passwordConfirm: "Otra-Contrasena-8",
    });
    expect(mismatch.text("#change-password-passwordConfirm-error")).toBe("Las contraseñas no coinciden");
    expect(mismatch.field("Confirme la nueva contraseña").getAttribute("aria-invalid")).toBe("true");
    // The password is unchanged.
    await new WebClient().signIn(account.email, account.password);
  });

  it("a new password: a toast in the user's language, other devices signed out, this one stays, the new password works", async () => {
    const account = testPatient(10);
    const other = await signedIn(account, USER_AGENTS.firefox);
    expect((await other.get("/patient")).path).toBe("/patient");
    const client = await signedIn(account);
    const spanish = await switchTo(client, await client.get(SECURITY), "Español");
    const done = await client.submit(spanish, "#change-password", {
      currentPassword: account.password,
      newPassword: "Otra-Contrasena-9",
      passwordConfirm: "Otra-Contrasena-9",
    });
    expect(done.redirects.length).toBeGreaterThan(0);
    expect(done.url).toMatch(new RegExp(`${SECURITY}#password$`));
    expect(done.toasts("success")).toEqual(["Se cambió su contraseña. Se cerró la sesión en sus otros dispositivos."]);

    // The other device was signed out, and told so; this one stays signed in.
    const signedOut = await other.get("/patient");
    expect(signedOut.path).toBe("/login?redirectTo=%2Fpatient");
    expect(signedOut.text("[data-testid=sign-in-notice]")).toBe("You were signed out. Please sign in again.");
    expect((await client.get(SECURITY)).path).toBe(SECURITY);
    // The new password works, the old one no longer does.
    await new WebClient().signIn(account.email, "Otra-Contrasena-9");
    const old = await new WebClient().post("/login", { intent: "password", email: account.email, password: account.password });
    expect(old.text("#sign-in [role=alert]")).toBe("Invalid email or password.");
  });
});

describe("change email", () => {
  it("'Did you mean…?', the link goes to the new address, /confirm-email confirms only on the button, once; in Spanish the typed address can be kept", async () => {
    const account = testPatient(12);
    const client = await signedIn(account);
    const page = await client.get(SECURITY);
    expect(page.text("[data-testid=current-email]")).toBe(account.email);

    const typo = "moved.12@gmial.com";
    const fixed = "moved.12@gmail.com";
    // The server asks before sending a link to a likely typo; what was typed stays in the field.
    const asked = await client.submit(page, "#change-email", { email: typo });
    const suggestion = asked.text("[data-testid=email-suggestion]");
    expect(suggestion).toContain(`Did you mean ${fixed}?`);
    expect(suggestion).toContain("This email address is probably not real");
    expect(value(asked, "New email address")).toBe(typo);
    // Without JavaScript there is no hint as you type.
    expect(asked.text("[data-testid=email-suggestion-live]")).toBe("");

    const before = await outboxHead(API);
    const sent = await client.submit(asked, { button: `Use ${fixed}` });
    expect(sent.text("[data-testid=email-sent]")).toContain(`We sent a confirmation link to ${fixed}.`);
    // Unchanged until the link is opened.
    expect(sent.text("[data-testid=current-email]")).toBe(account.email);
    const link = await outboxLink(API, fixed, "/confirm-email", before);

    // Opening the link changes nothing by itself (a mail scanner may follow links): a button confirms.
    const confirm = await client.get(link.pathname + link.search);
    expect(confirm.h1).toBe("Confirm your email address");
    expect((await client.get(SECURITY)).text("[data-testid=current-email]")).toBe(account.email);
    const done = await client.submit(confirm, { button: "Confirm email address" });
    expect(done.text("[data-testid=confirm-email-done]")).toContain("Email address changed");
    expect(done.text("[data-testid=confirm-email-done]")).toContain(`Your account now uses ${fixed}.`);
    const security = await client.get(done.link("Go to your account security"));
    expect(security.path).toBe(SECURITY);
    expect(security.text("[data-testid=current-email]")).toBe(fixed);

    // The link works once.
    const again = await client.get(link.pathname + link.search);
    const used = await client.submit(again, { button: "Confirm email address" });
    expect(used.$("[data-testid=confirm-email-problem]")?.getAttribute("data-reason")).toBe("used");
    expect(used.text("[data-testid=confirm-email-problem]")).toContain("This link was already used");

    // In Spanish, the suggestion and its warning too; keeping the typed address sends the link there.
    const spanish = await switchTo(client, security, "Español");
    const pregunta = await client.submit(spanish, "#change-email", { email: typo });
    expect(pregunta.text("[data-testid=email-suggestion]")).toContain(`¿Quiso decir ${fixed}?`);
    expect(pregunta.text("[data-testid=email-suggestion]")).toContain("Es probable que esta dirección de correo electrónico no sea real");
    const kept = await client.submit(pregunta, { button: `Mantener ${typo}` });
    expect(kept.text("[data-testid=email-sent]")).toContain(`Enviamos un enlace de confirmación a ${typo}.`);
  });

  it("an address that is not one, or the same one, is refused beside the field", async () => {
    const client = await as("patient");
    const page = await client.get(SECURITY);
    const invalid = await client.submit(page, "#change-email", { email: "not-an-email" });
    expect(invalid.status).toBe(400);
    expect(invalid.field("New email address").getAttribute("aria-invalid")).toBe("true");
    expect(invalid.fieldError("New email address")).toBe("Value is not a valid email address");
    expect(value(invalid, "New email address")).toBe("not-an-email");
    const same = await client.submit(invalid, "#change-email", { email: "patient@demo.test" });
    expect(same.fieldError("New email address")).toBe("This is already your email address.");
  });

  it("a confirm-email link that does not work says so, also to a guest", async () => {
    const client = new WebClient();
    const page = await client.get("/confirm-email?code=not-a-real-code");
    expect(page.h1).toBe("Confirm your email address");
    const refused = await client.submit(page, { button: "Confirm email address" });
    expect(refused.$("[data-testid=confirm-email-problem]")?.getAttribute("data-reason")).toBe("invalid");
    expect(refused.link("Go to sign in")).toBe("/login");
    const bare = await client.get("/confirm-email");
    expect(bare.$("[data-testid=confirm-email-problem]")?.getAttribute("data-reason")).toBe("invalid");
  });
});

describe("two-factor authentication", () => {
  it("enrol on the security page (QR code, key, a wrong code, the recovery codes), then turn it off with the password", async () => {
    const account = testPatient(17);
    const client = await signedIn(account);
    const page = await client.get(SECURITY);
    expect(page.text("[data-testid=two-factor-status]")).toBe("Off");
    const setup = await client.submit(page, { button: "Set up two-factor authentication" });

    // The QR code (the upstream's SVG, shown as an image) and the key, grouped in fours.
    const qr = setup.$("[data-testid=totp-qr]")?.getAttribute("src") ?? "";
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(",")[1], "base64").toString("utf8")).toMatch(/^(<\?xml[^>]*\?>\s*)?<svg[\s>]/);
    expect(setup.$("[data-testid=totp-qr]")?.getAttribute("alt")).toBe("QR code to scan with your authenticator app");
    const secret = setup.$("[data-testid=totp-secret]")?.getAttribute("data-secret") ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}/);
    expect(setup.text("[data-testid=totp-secret]")).toBe(secret.replace(/=+$/, "").replace(/(.{4})(?=.)/g, "$1 "));
    const totp = authenticator(secret);

    // A wrong code: the error beside the field, the same QR code and key still there.
    const wrong = await client.submit(setup, "#totp-confirm", { code: "000000" });
    expect(wrong.text("#totp-confirm-code-error")).toBe("Invalid code.");
    expect(wrong.field("Code from your authenticator app").getAttribute("aria-invalid")).toBe("true");
    expect(value(wrong, "Code from your authenticator app")).toBe("");
    expect(wrong.$("[data-testid=totp-secret]")?.getAttribute("data-secret")).toBe(secret);
    expect(wrong.$("[data-testid=totp-qr]")?.getAttribute("src")).toBe(qr);

    const on = await client.submit(wrong, "#totp-confirm", { code: totp.generate() });
    const codes = on.$("[data-testid=recovery-codes]");
    expect(on.text("[data-testid=recovery-codes]")).toContain("Your recovery codes");
    expect(codes?.querySelectorAll("li")).toHaveLength(10);
    const download = [...(codes?.querySelectorAll("a") ?? [])].find((a) => squash(a.textContent ?? "") === "Download codes");
    expect(download?.getAttribute("download")).toBe("recovery-codes.txt");
    const recovery = [...(codes?.querySelectorAll("li code") ?? [])].map((c) => squash(c.textContent ?? ""));
    expect(recovery[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(decodeURIComponent(download?.getAttribute("href")?.split(",")[1] ?? "")).toBe(recovery.join("\n") + "\n");
    // Without JavaScript: no Print or Copy button, the hint says how to keep them instead.
    expect(on.text("[data-testid=recovery-codes]")).toContain("Write them down, print this page, or download them as a file.");
    expect(() => on.button("Print")).toThrow();
    expect(on.text("[data-testid=two-factor-status]")).toBe("On");

    // Turn it off: a wrong password is refused, the right one works.
    const security = await client.get(SECURITY);
    expect(security.text("[data-testid=recovery-codes]")).toBe("");
    expect(security.text("[data-testid=recovery-codes-left]")).toBe("You have 10 recovery codes left.");
    const refused = await client.submit(security, "#totp-disable", { password: "Wrong-Passw0rd-1" });
    expect(refused.text("#totp-disable-password-error")).toBe("The password is not correct.");
    expect(value(refused, "Or your password")).toBe("");
    expect(refused.text("[data-testid=two-factor-status]")).toBe("On");
    const off = await client.submit(refused, "#totp-disable", { password: account.password });
    expect(off.toasts("success")).toEqual(["Two-factor authentication is off."]);
    expect(off.url).toMatch(new RegExp(`${SECURITY}#two-factor$`));
    expect(off.text("[data-testid=two-factor-status]")).toBe("Off");
  });
});

describe("sessions", () => {
  it("this device marked, another signed out, then all the others", async () => {
    const account = testPatient(15);
    const firefox = await signedIn(account, USER_AGENTS.firefox);
    const phone = await signedIn(account, USER_AGENTS.iphone);
    const client = await signedIn(account, USER_AGENTS.chrome);
    const page = await client.get(SECURITY);

    expect(sessions(page)).toHaveLength(3);
    const current = page.$$("[data-testid=session][data-current=true]");
    expect(current).toHaveLength(1);
    expect(squash(current[0].querySelector("p")?.textContent ?? "")).toMatch(/^Chrome on Linux ?This device$/);
    // This device has no button; each other one has its address (all on this machine here) and its times.
    expect(current[0].querySelector("button")).toBeNull();
    const byDevice = (p: WebPage, device: string) => p.$$("[data-testid=session]").find((s) => (s.textContent ?? "").includes(device));
    expect(squash(byDevice(page, "Firefox on Windows")?.textContent ?? "")).toMatch(/IP address: (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/);
    expect(squash(byDevice(page, "Safari on iOS")?.textContent ?? "")).toMatch(/Last active \d\d\/\d\d\/\d{4} \d\d:\d\d [ap]m/);

    const revoke = byDevice(page, "Firefox on Windows")?.querySelector("button")?.getAttribute("aria-label") ?? "";
    expect(revoke).toMatch(/^Sign out Firefox on Windows \(.+\)$/);
    const one = await client.submit(page, { button: revoke });
    expect(one.toasts("success")).toEqual(["The session has been signed out."]);
    expect(one.url).toMatch(new RegExp(`${SECURITY}#sessions$`));
    expect(sessions(one)).toHaveLength(2);
    expect((await firefox.get("/patient")).path).toBe("/login?redirectTo=%2Fpatient");
    expect((await phone.get("/patient")).path).toBe("/patient");

    const all = await client.submit(one, { button: "Sign out all other sessions" });
    expect(all.toasts("success")).toEqual(["1 other session has been signed out."]);
    expect(sessions(all)).toHaveLength(1);
    expect(all.bodyText).toContain("You are not signed in anywhere else.");
    const signedOut = await phone.get("/patient");
    expect(signedOut.path).toBe("/login?redirectTo=%2Fpatient");
    expect(signedOut.text("[data-testid=sign-in-notice]")).toBe("You were signed out. Please sign in again.");
    expect((await client.get(SECURITY)).path).toBe(SECURITY);
  });
});

describe("the staff and manager profile pages", () => {
  for (const [user, path] of [
    ["provider", "/staff/profile"],
    ["manager", "/manager/profile"],
  ] as const) {
    it(`${path} carries the security section at #security; its forms post to the page's own action`, async () => {
      const client = await as(user);
      const page = await client.get(path);
      expect(page.h1).toBe("Profile");
      const section = page.$("section#security");
      expect(squash(section?.querySelector("h2")?.textContent ?? "")).toBe("Security");
      expect([...(section?.querySelectorAll("h3") ?? [])].map((h) => squash(h.textContent ?? ""))).toEqual(
        expect.arrayContaining(["Password", "Email address", "Two-factor authentication", "Where you are signed in"]),
      );
      expect(section?.querySelectorAll("[data-testid=session][data-current=true]")).toHaveLength(1);
      // A form of the panel posts to the profile page's own action and comes back to it.
      const refused = await client.submit(page, { button: "Change password" });
      expect(refused.path).toBe(path);
      expect(refused.text("#change-password-currentPassword-error")).toBe("Value is required");
      expect(refused.$("section#security #change-password")).not.toBeNull();
    });
  }
});
