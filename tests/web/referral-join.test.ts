/**
 * Joining from a referral invitation without JavaScript (/join, app/routes/public/join.tsx), as plain HTTP: test
 * patient 51 invites an address; the invitation mail's join link opens the form for that address; a refused post
 * (names missing, a weak password, no consent) lists every error in the summary, keeps the names typed and never the
 * password; then the account is made, the new patient is signed in on their first journey with a welcome toast, the
 * link is spent (a clear page with the way to sign in) and the inviter's list says Joined. Spanish too; a signed-in
 * visitor is sent home.
 */
import { describe, expect, inject, it } from "vitest";
import { WebClient } from "./client";
import { testPatient } from "../support/accounts";
import { outboxLink } from "../e2e/account-security-support";

const API = inject("webApiURL");
const friendEmail = () => `web-join-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** Test patient 51 invites a new address (the web's invite form); answers the address and the join link's path. */
async function invited(language: "en-US" | "es-US" = "en-US"): Promise<{ email: string; path: string; inviter: WebClient }> {
  const inviter = new WebClient();
  inviter.headers["Accept-Language"] = language;
  await inviter.signIn(testPatient(68).email);
  const email = friendEmail();
  const page = await inviter.get("/patient/refer-friend");
  const sent = await inviter.submit(page, "[data-testid=invite-form]", { email });
  expect(sent.toasts("success")).toHaveLength(1);
  const link = await outboxLink(API, email, "/join");
  return { email, path: link.pathname + link.search, inviter };
}

describe("joining from an invitation without JavaScript", () => {
  it("the link's form, a refused post with the error summary, then the account: signed in, welcomed, the link spent, Joined", async () => {
    const { email, path, inviter } = await invited();
    const friend = new WebClient();
    const form = await friend.get(path);
    expect(form.status).toBe(200);
    expect(form.h1).toBe("Join Telehealth");
    expect(form.text("[data-testid=join-email]")).toBe(`Your account's email address: ${email}`);
    expect(form.$("a[href='/terms-and-conditions']")).not.toBeNull();
    expect(form.$("a[href='/telehealth-consent']")).not.toBeNull();

    const refused = await friend.submit(form, "#join", { firstName: "Nora", lastName: "", newPassword: "short", passwordConfirm: "short" });
    expect(refused.status).toBe(400);
    const summary = refused.text("[data-testid=error-summary]");
    expect(summary).toContain("Last name: Value is required");
    expect(refused.fieldError("Last name")).toBe("Value is required");
    expect(refused.field("First name").getAttribute("value")).toBe("Nora");
    // The password is never sent back into the page.
    expect(refused.field("Choose a password").getAttribute("value") ?? "").toBe("");
    expect(refused.html).not.toContain('value="short"');

    const weak = await friend.submit(refused, "#join", { firstName: "Nora", lastName: "Newcomer", newPassword: "short", passwordConfirm: "short" });
    expect(weak.status).toBe(400);
    expect(weak.text("[data-testid=error-summary]")).toContain("Choose a password:");
    expect(weak.text("[data-testid=error-summary]")).toContain("Terms and telehealth consent: Accept the terms and conditions and the telehealth consent to create your account");
    expect(weak.field("Last name").getAttribute("value")).toBe("Newcomer");

    const joined = await friend.submit(weak, "#join", { firstName: "Nora", lastName: "Newcomer", newPassword: "JoinPassw0rd", passwordConfirm: "JoinPassw0rd", acceptTerms: "on" });
    expect(joined.path).toBe("/patient/journeys/start");
    expect(joined.status).toBe(200);
    expect(joined.toasts("success")).toEqual(["Welcome, Nora: your account is ready."]);

    // Signed in: the sign-in page sends the new patient home; /join too.
    expect((await friend.get("/join")).path).toBe("/patient");

    // The link is spent: a clear page with the way to sign in.
    const again = await new WebClient().get(path);
    expect(again.$("[data-testid=join-problem]")?.getAttribute("data-reason")).toBe("used");
    expect(again.text("[data-testid=join-problem]")).toContain("This invitation link has already been used.");
    expect(again.$("[data-testid=join-sign-in]")?.getAttribute("href")).toBe("/login");
    expect(again.$("#join")).toBeNull();

    // The new patient signs in with the password they chose; the inviter sees them joined.
    const later = new WebClient();
    await later.signIn(email, "JoinPassw0rd");
    const list = await inviter.get("/patient/refer-friend");
    const row = list.$$("[data-testid=friends] tbody tr").find((r) => r.textContent?.includes(email));
    expect(row?.textContent).toContain("Joined");
  });

  it("a broken link and no token: the clear page; in Spanish, the form's errors and the welcome", async () => {
    const broken = await new WebClient().get("/join?token=not-a-real-token");
    expect(broken.$("[data-testid=join-problem]")?.getAttribute("data-reason")).toBe("invalid");
    expect(broken.text("[data-testid=join-problem]")).toContain("This invitation link is not valid.");
    const none = await new WebClient().get("/join");
    expect(none.$("[data-testid=join-problem]")?.getAttribute("data-reason")).toBe("invalid");

    const { email, path } = await invited("es-US");
    const friend = new WebClient();
    friend.headers["Accept-Language"] = "es-US";
    const form = await friend.get(path);
    expect(form.lang).toBe("es-US");
    expect(form.h1).toBe("Únase a Telehealth");
    expect(form.text("[data-testid=join-email]")).toBe(`El correo electrónico de su cuenta: ${email}`);
    const refused = await friend.submit(form, "#join", { firstName: "", lastName: "Núñez", newPassword: "JoinPassw0rd", passwordConfirm: "JoinPassw0rd" });
    expect(refused.status).toBe(400);
    expect(refused.text("[data-testid=error-summary]")).toContain("Corrija lo siguiente:");
    expect(refused.field("Apellido").getAttribute("value")).toBe("Núñez");
    const joined = await friend.submit(refused, "#join", { firstName: "Lucía", lastName: "Núñez", newPassword: "JoinPassw0rd", passwordConfirm: "JoinPassw0rd", acceptTerms: "on" });
    expect(joined.path).toBe("/patient/journeys/start");
    expect(joined.lang).toBe("es-US");
    expect(joined.toasts("success")).toEqual(["Bienvenido(a), Lucía: su cuenta está lista."]);
  });

  it("a signed-in visitor is sent home", async () => {
    const patient = new WebClient();
    await patient.signIn(testPatient(68).email);
    expect((await patient.get("/join?token=anything")).path).toBe("/patient");
  });
});
