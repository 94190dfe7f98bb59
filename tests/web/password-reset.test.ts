/**
 * The password reset without JavaScript, as plain HTTP (spec §4, §5; issue 5), with the mail read from a REAL
 * SMTP capture, and the sign-out after inactivity. The browser journey with JavaScript (the whole reset:
 * mail, link, new password, other sessions ended, the old password refused, the new one signing in) is
 * tests/e2e/password-reset.spec.ts.
 *
 * This file starts its own app (the built server, web 3214 / API 3215, a fresh seeded database with the
 * test patients) with SMTP_URL pointing at its own SMTP capture, PUBLIC_URL = its own address (the links in
 * the mails lead back to it) and staff sessions that end after 3 seconds without activity (the inactivity
 * test; the reset tests use patients, whose idle timeout is the usual two hours). Its tests run in order.
 * Being a database of its own, its test patients are not the web suite's: slots 10–12 here are this file's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, PASSWORD, testPatient } from "../support/accounts";
import { PASSWORD_RULES, mailWithLink, spawnApp, startSmtpCapture, type CapturedMail, type SpawnedApp } from "../e2e/account-security-support";
import { WebClient, type WebPage } from "./client";

const PORT = 3214;
const IDLE_STAFF_SECONDS = 3;
const NEW = "Brand-new-Passw0rd";

let app: SpawnedApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await spawnApp(PORT, { SMTP_URL: smtp.url, SESSION_IDLE_STAFF_SECONDS: String(IDLE_STAFF_SECONDS), SEED_TEST_ACCOUNTS: "40" });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A browser without JavaScript on this file's app. */
function browser(language: "en-US" | "es-US" = "en-US"): WebClient {
  const client = new WebClient(app.baseURL);
  client.headers["Accept-Language"] = language;
  return client;
}

/** Asks for a reset link on /forgot-password; the page it leads to. */
async function requestReset(client: WebClient, email: string): Promise<WebPage> {
  const page = await client.get("/forgot-password");
  const sent = await client.submit(page, "#forgot-password", { loginName: email });
  expect(sent.path).toBe("/reset-link");
  return sent;
}

/** Opens a link from a mail (its origin is PUBLIC_URL = this app). */
const open = (client: WebClient, link: URL) => client.get(link.pathname + link.search);

describe("asking for a reset link", () => {
  it("the page says where the link went; the mail comes over SMTP in the account's language; an unknown address gets the same answer and no mail", async () => {
    const email = testPatient(10).email;
    const client = browser();
    const page = await client.get("/forgot-password");
    expect(page.h1).toBe("Forgot your password?");
    const before = smtp.messages.length;
    const sent = await client.submit(page, "#forgot-password", { loginName: email });

    // ResetPasswordLink: the stored login name, and "check spam after 15 minutes".
    expect(sent.path).toBe("/reset-link");
    expect(sent.h1).toBe("Check your email");
    expect(sent.bodyText).toContain(`If an account exists for ${email}, we sent it a link to set a new password.`);
    expect(sent.bodyText).toContain("No email after 15 minutes? Check your spam folder.");
    expect(sent.bodyText).toContain("The link works once and expires after 1 hour.");

    const { mail, link } = await mailWithLink(smtp.messages, email, "/set-password", before);
    expect(mail.subject).toBe("Reset your password");
    expect(mail.language).toBe("en");
    expect(mail.text).toContain("expires in 1 hour");
    expect(link.origin).toBe(app.baseURL);
    expect(link.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    // An unknown address: the same page (but for the address), and no mail to it.
    const unknown = await requestReset(client, "nobody-here@example.com");
    expect(unknown.$("main")?.textContent?.replace("nobody-here@example.com", "<email>")).toBe(sent.$("main")?.textContent?.replace(email, "<email>"));
    // A known address afterwards: its mail arrives, and none went to the unknown one.
    const after = smtp.messages.length;
    await requestReset(client, email);
    await mailWithLink(smtp.messages, email, "/set-password", after);
    expect(smtp.messages.slice(before).filter((m: CapturedMail) => m.to.includes("nobody-here@example.com"))).toEqual([]);
  });

  it("an empty or broken address is refused beside the field, what was typed stays", async () => {
    const client = browser();
    const empty = await client.submit(await client.get("/forgot-password"), "#forgot-password", { loginName: "" });
    expect(empty.status).toBe(400);
    expect(empty.field("Email").getAttribute("aria-invalid")).toBe("true");
    expect(empty.fieldError("Email")).toBe("Value is required");
    const broken = await client.submit(empty, "#forgot-password", { loginName: "not-an-email" });
    expect(broken.fieldError("Email")).toBe("Value is not a valid email address");
    expect(broken.field("Email").getAttribute("value")).toBe("not-an-email");
  });

  it("five requests an hour for one address; the sixth is refused, in the user's language", async () => {
    const client = browser("es-US");
    const address = "nobody.rate@example.com";
    for (let i = 0; i < 5; i++) await requestReset(client, address);
    const refused = await client.submit(await client.get("/forgot-password"), "#forgot-password", { loginName: address });
    expect(refused.status).toBe(429);
    expect(refused.path).toBe("/forgot-password");
    expect(refused.text("#forgot-password [role=alert]")).toMatch(/^Demasiados intentos\. Inténtelo de nuevo en \d+ minutos\.$/);
    expect(refused.field("Correo electrónico").getAttribute("value")).toBe(address);
  });
});

describe("the link", () => {
  it("each rule has its own message beside the field, nothing typed comes back; the new password is set, and the link works once", async () => {
    const email = testPatient(11).email;
    const client = browser();
    const before = smtp.messages.length;
    await requestReset(client, email);
    const { link } = await mailWithLink(smtp.messages, email, "/set-password", before);

    const page = await open(client, link);
    expect(page.h1).toBe("Set a new password");
    let last = page;
    // Spec §5: every rule has its own message, beside the field; one failing rule at a time.
    for (const [password, message] of PASSWORD_RULES.en) {
      last = await client.submit(last, "#set-password", { newPassword: password, passwordConfirm: password });
      expect(last.status).toBe(400);
      expect(last.fieldError("New password"), password).toBe(message);
      expect(last.field("New password").getAttribute("value") ?? "").toBe("");
      expect(last.field("Confirm new password").getAttribute("value") ?? "").toBe("");
    }
    last = await client.submit(last, "#set-password", { newPassword: "Abcdefgh1", passwordConfirm: "Abcdefgh2" });
    expect(last.text("#set-password-passwordConfirm-error")).toBe("Passwords do not match");
    expect(last.$("#set-password-newPassword-error")).toBeNull();
    // Several failing rules: each its own message.
    last = await client.submit(last, "#set-password", { newPassword: "abc def", passwordConfirm: "abc def" });
    for (const message of ["Password must be more than 8 characters", "Password must contain an uppercase letter", "Password must contain a digit", "Password must not contain spaces"]) {
      expect(last.text("#set-password-newPassword-error")).toContain(message);
    }
    // The link's code and id travel with the form.
    expect(last.$("#set-password input[name=code]")?.getAttribute("value")).toBe(link.searchParams.get("code"));

    const done = await client.submit(last, "#set-password", { newPassword: NEW, passwordConfirm: NEW });
    expect(done.path).toBe("/password-changed");
    expect(done.h1).toBe("Password changed");
    expect(done.link("Sign in")).toBe("/login");

    // The link worked once: opened again, it says so at once, with no form to type a password into.
    const again = await open(client, link);
    expect(again.status).toBe(200);
    expect(() => again.field("New password")).toThrow();
    expect(again.$("#set-password")).toBeNull();
    expect(again.$("[data-testid=link-problem]")?.getAttribute("data-reason")).toBe("used");
    expect(again.text("[data-testid=link-problem] [role=alert]")).toContain("This link was already used");
    expect(again.text("[data-testid=link-problem] [role=alert]")).toContain("This link has already been used. Ask for a new one if you still need it.");
    expect(again.link("Ask for a new link")).toBe("/forgot-password");
  });

  it("an expired link (a newer one was asked for) says so, with the way to ask again; a link without its code too", async () => {
    const email = testPatient(12).email;
    const client = browser();
    const first = smtp.messages.length;
    await requestReset(client, email);
    const { link: old } = await mailWithLink(smtp.messages, email, "/set-password", first);
    const second = smtp.messages.length;
    await requestReset(client, email);
    await mailWithLink(smtp.messages, email, "/set-password", second);

    // Said on opening it, before anything is typed.
    const expired = await open(client, old);
    expect(expired.$("#set-password")).toBeNull();
    expect(expired.$("[data-testid=link-problem]")?.getAttribute("data-reason")).toBe("expired");
    expect(expired.text("[data-testid=link-problem] [role=alert]")).toContain("This link has expired");
    expect(() => expired.field("New password")).toThrow();
    const again = await client.get(expired.link("Ask for a new link"));
    expect(again.path).toBe("/forgot-password");

    // An unknown code, and a link without its code, are refused before anything is typed.
    const unknown = new URL(old);
    unknown.searchParams.set("code", "Z".repeat(43));
    const broken = await open(client, unknown);
    expect(broken.$("[data-testid=link-problem]")?.getAttribute("data-reason")).toBe("invalid");
    expect(() => broken.field("New password")).toThrow();
    // A link without its code is refused before anything is typed.
    const bare = await client.get("/set-password");
    expect(bare.$("[data-testid=link-problem]")?.getAttribute("data-reason")).toBe("invalid");
    expect(() => bare.field("New password")).toThrow();
  });

  it("in Spanish: the mail in the account's language, the pages and the rule messages in Spanish", async () => {
    const account = testPatient(13);
    // The user chooses Spanish while signed in: that becomes the account's language too.
    const signedIn = browser();
    await signedIn.signIn(account.email, account.password);
    const spanish = await signedIn.submit(await signedIn.get("/patient"), { button: "Español" });
    expect(spanish.lang).toBe("es-US");

    // Signed out, on a browser in Spanish.
    const client = browser("es-US");
    const page = await client.get("/forgot-password");
    expect(page.h1).toBe("¿Olvidó su contraseña?");
    const before = smtp.messages.length;
    const sent = await client.submit(page, "#forgot-password", { loginName: account.email });
    expect(sent.path).toBe("/reset-link");
    expect(sent.bodyText).toContain("¿No recibió el correo después de 15 minutos? Revise su carpeta de correo no deseado.");
    expect(sent.bodyText).toContain(`Si existe una cuenta para ${account.email}`);

    const { mail, link } = await mailWithLink(smtp.messages, account.email, "/set-password", before);
    expect(mail.language).toBe("es");
    expect(mail.subject).not.toBe("Reset your password");
    expect(mail.text).toContain("Hola");

    const form = await open(client, link);
    expect(form.h1).toBe("Establezca una nueva contraseña");
    const refused = await client.submit(form, "#set-password", { newPassword: "abcdefgh1", passwordConfirm: "abcdefgh2" });
    expect(refused.text("#set-password-newPassword-error")).toBe("La contraseña debe contener una letra mayúscula");
    expect(refused.text("#set-password-passwordConfirm-error")).toBe("Las contraseñas no coinciden");
    const done = await client.submit(refused, "#set-password", { newPassword: NEW, passwordConfirm: NEW });
    expect(done.path).toBe("/password-changed");
    expect(done.h1).toBe("Contraseña cambiada");
    // Opened again, the used link says so in Spanish.
    const used = await open(client, link);
    expect(used.$("#set-password")).toBeNull();
    expect(used.$("[data-testid=link-problem]")?.getAttribute("data-reason")).toBe("used");
    expect(used.text("[data-testid=link-problem] [role=alert]")).not.toContain("This link");
  });
});

describe("inactivity", () => {
  it("a session that timed out lands on sign-in with a clear message, once, in both languages", async () => {
    const texts = {
      "en-US": "You were signed out after a period of inactivity. Please sign in again.",
      "es-US": "Se cerró su sesión tras un periodo de inactividad. Vuelva a iniciar sesión.",
    } as const;
    // Both sign in at once, so that the test waits for one timeout (staff: IDLE_STAFF_SECONDS on this app).
    const clients = await Promise.all(
      (["en-US", "es-US"] as const).map(async (language) => {
        const client = browser(language);
        const home = await client.signIn(DEMO.nurse.email, PASSWORD);
        expect(home.path).toBe("/staff");
        return { language, client };
      }),
    );
    for (const { language, client } of clients) {
      // The session ends IDLE_STAFF_SECONDS after the sign-in (activity is recorded at most every 30 s).
      const deadline = Date.now() + (IDLE_STAFF_SECONDS + 10) * 1000;
      let page = await client.get("/staff/tasks", { follow: false });
      while (page.status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        page = await client.get("/staff/tasks", { follow: false });
      }
      expect(page.status, language).toBe(302);
      expect(page.location).toBe("/login?redirectTo=%2Fstaff%2Ftasks");
      const login = await client.get(page.location!);
      expect(login.text("[data-testid=sign-in-notice]"), language).toBe(texts[language]);
      // Said once: a reload does not repeat it.
      expect((await client.get(page.location!)).$("[data-testid=sign-in-notice]")).toBeNull();
    }
  });
});
