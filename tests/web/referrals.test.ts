/**
 * Refer a friend without JavaScript (issue 18), as plain HTTP: the code and the personal link, the invite form
 * (an invalid address, oneself, an existing account refused with their messages and what was typed kept; then an
 * invitation listed as Invited), the friend's code form (one's own code refused, a friend's saved: Joined on the
 * inviter's list); Spanish. Test patients 36–37 (issue 18's; their progress and uploads are untouched).
 */
import { describe, expect, it } from "vitest";
import { WebClient } from "./client";
import { testPatient } from "../support/accounts";

async function patientClient(slot: number, language?: "es-US"): Promise<WebClient> {
  const client = new WebClient();
  if (language) client.headers["Accept-Language"] = language;
  await client.signIn(testPatient(slot).email);
  return client;
}
const friendEmail = () => `web-friend-${Math.random().toString(36).slice(2, 10)}@example.com`;

describe("refer a friend without JavaScript", () => {
  it("shows the code and link; refuses bad invitations with their messages; lists an invitation; a friend joins", async () => {
    const inviter = await patientClient(37);
    const page = await inviter.get("/patient/refer-friend");
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Refer a friend");
    expect(page.text("[data-testid=referral-code]")).toBe("TEST37");
    expect(page.field("Your personal link").getAttribute("value")).toMatch(/\/patient\/refer-friend\?code=TEST37$/);

    const invalid = await inviter.submit(page, "[data-testid=invite-form]", { email: "not-an-address" });
    expect(invalid.status).toBe(400);
    expect(invalid.$("[data-testid=error-summary]")).not.toBeNull();
    expect(invalid.fieldError("Your friend's email")).toBe("Value is not a valid email address");
    expect(invalid.field("Your friend's email").getAttribute("value")).toBe("not-an-address");
    const self = await inviter.submit(invalid, "[data-testid=invite-form]", { email: testPatient(37).email });
    expect(self.fieldError("Your friend's email")).toBe("You cannot invite yourself.");
    const existing = await inviter.submit(self, "[data-testid=invite-form]", { email: testPatient(36).email });
    expect(existing.fieldError("Your friend's email")).toBe("This person already has an account, so they cannot be referred.");

    const to = friendEmail();
    const sent = await inviter.submit(existing, "[data-testid=invite-form]", { email: to });
    expect(sent.path).toBe("/patient/refer-friend");
    expect(sent.toasts("success")).toEqual(["Your invitation has been sent."]);
    const row = sent.$$("[data-testid=friends] tbody tr").find((r) => r.textContent?.includes(to));
    expect(row?.textContent).toContain("Invited");

    // The friend (another patient) enters a code: their own refused, then the inviter's (from the link's ?code=).
    const friend = await patientClient(36);
    const own = await friend.get("/patient/refer-friend");
    const refused = await friend.submit(own, "[data-testid=claim-form]", { code: "TEST36" });
    expect(refused.fieldError("Your friend's code")).toBe("You cannot use your own referral code.");
    const linked = await friend.get("/patient/refer-friend?code=TEST37");
    expect(linked.field("Your friend's code").getAttribute("value")).toBe("TEST37");
    const joined = await friend.submit(linked, "[data-testid=claim-form]", { code: "TEST37" });
    expect(joined.toasts("success")).toEqual(["Thank you: your friend's code has been saved."]);
    expect(joined.text("[data-testid=referred-by]")).toContain("You joined with a friend's code.");
    const after = await inviter.get("/patient/refer-friend");
    const friendRow = after.$$("[data-testid=friends] tbody tr").find((r) => r.textContent?.includes(testPatient(36).email));
    expect(friendRow?.textContent).toContain("Joined");
  });

  it("in Spanish", async () => {
    const inviter = await patientClient(37, "es-US");
    const page = await inviter.get("/patient/refer-friend");
    expect(page.h1).toBe("Recomiende a un amigo");
    expect(page.text("main")).toContain("Su código de recomendación");
    const invalid = await inviter.submit(page, "[data-testid=invite-form]", { email: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.fieldError("Correo electrónico de su amigo")).not.toBe("");
    const sent = await inviter.submit(invalid, "[data-testid=invite-form]", { email: friendEmail() });
    expect(sent.toasts("success")).toEqual(["Su invitación se envió."]);
    expect(sent.text("[data-testid=friends]")).toContain("Invitado");
  });
});
