/**
 * The patient account pages without JavaScript, as plain HTTP (issue 7; spec §2 account pages and menu, §3 profile
 * / address / save-address, §4 billing portal and invoice statuses, §5 validation, §8 card declined and 'Cannot
 * download invoice', §9 currency): every form posted as a browser without script posts it, in en-US and es-US.
 * The journeys with JavaScript, and the picture upload (a file input) without it, are in
 * tests/e2e/patient-account.spec.ts; the pages' error and confirmation states are in the axe sweep.
 *
 * Profile and addresses change test patients 22 and 23 (tests/support/accounts.ts); cards and invoices are the
 * demo patient's on this suite's own server.
 */
import { describe, expect, it } from "vitest";
import { testPatient } from "../support/accounts";
import { WebClient, as, squash, type WebPage } from "./client";

const PROFILE = "/patient/account/profile";
const PHARMACY = "/patient/account/pharmacy";
const PAYMENT = "/patient/account/payment-details";
const BILLING = "/patient/account/billing";

async function signedIn(slot: number, language: "en-US" | "es-US" = "en-US") {
  const client = new WebClient();
  client.headers["Accept-Language"] = language;
  const account = testPatient(slot);
  await client.signIn(account.email, account.password);
  return client;
}

const valueOf = (page: WebPage, scope: string, name: string) => {
  const el = page.$(`${scope} [name="${name}"]`);
  if (!el) throw new Error(`no field ${name} in ${scope} on ${page.path}`);
  if (el.tagName.toLowerCase() === "select") return el.querySelector("option[selected]")?.getAttribute("value") ?? "";
  return el.getAttribute("value") ?? "";
};

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`;
};

describe("profile", () => {
  it("edit names, phone, date of birth and time zone", async () => {
    const client = await signedIn(22);
    const page = await client.get(PROFILE);
    expect(page.h1).toBe("Profile");
    const saved = await client.submit(page, { button: "Save details" }, {
      firstName: "Anne-Marie Web",
      middleName: "O'Neil",
      lastName: "García Web",
      phone: "415.555.0199",
      dateOfBirth: "04/17/1988",
      timeZone: "America/Denver",
    });
    expect(saved.toasts("success")).toContain("Your profile has been updated.");
    const again = await client.get(PROFILE);
    expect(again.field("First name").getAttribute("value")).toBe("Anne-Marie Web");
    expect(again.field("Middle name").getAttribute("value")).toBe("O'Neil");
    expect(again.field("Last name").getAttribute("value")).toBe("García Web");
    // Shown as (area) prefix-line (spec §5).
    expect(again.field("Phone").getAttribute("value")).toBe("(415) 555-0199");
    expect(again.field("Date of birth").getAttribute("value")).toBe("04/17/1988");
    expect(valueOf(again, "form", "timeZone")).toBe("America/Denver");
  });

  it("each validation message beside its field, with the input kept", async () => {
    const client = await signedIn(22);
    const page = await client.get(PROFILE);
    const refused = await client.submit(page, { button: "Save details" }, { firstName: "Ann3", lastName: "   ", phone: "555-12", dateOfBirth: "02/30/1990" });
    expect(refused.status).toBe(400);
    expect(refused.fieldError("First name")).toBe("Only letters, spaces, dashes and apostrophes are allowed");
    expect(refused.fieldError("Last name")).toBe("Value is required");
    expect(refused.fieldError("Phone")).toBe("Enter a phone number in the format (555) 123-4567");
    expect(refused.fieldError("Date of birth")).toBe("Enter a valid date of birth");
    // Nothing typed is lost.
    expect(refused.field("First name").getAttribute("value")).toBe("Ann3");
    expect(refused.field("Phone").getAttribute("value")).toBe("555-12");
    expect(refused.field("First name").getAttribute("aria-invalid")).toBe("true");

    for (const [value, message] of [
      [yearsAgo(-1), "Date of birth cannot be in the future"],
      [yearsAgo(121), "Date of birth cannot be more than 120 years ago"],
      [yearsAgo(18, 1), "You must be 18 or older"],
    ] as const) {
      const answer = await client.submit(refused, { button: "Save details" }, { firstName: "Ann", lastName: "Lee", phone: "", dateOfBirth: value });
      expect(answer.fieldError("Date of birth")).toBe(message);
      expect(answer.field("Date of birth").getAttribute("value")).toBe(value);
    }
  });

  it("email change: the typo suggestion, then the link to the new address", async () => {
    const client = await signedIn(23);
    const page = await client.get(PROFILE);
    const asked = await client.submit(page, { button: "Change email" }, { email: "ana.web@gmial.com" });
    // Spec §5: "Did you mean {email}?" and the warning.
    expect(asked.text("[data-testid=email-suggestion]")).toContain("Did you mean ana.web@gmail.com?");
    expect(asked.text("[data-testid=email-suggestion]")).toContain("This email address is probably not real");
    const sent = await client.submit(asked, { button: "Use ana.web@gmail.com" });
    expect(sent.text("[data-testid=email-sent]")).toBe("We sent a confirmation link to ana.web@gmail.com. Your email address changes when you open it.");
    // The address itself changes only when the link is opened.
    expect(sent.field("Email").getAttribute("value")).toBe(testPatient(23).email);
  });

  it("email change: Enter after the suggestion (the form's default button) sends to what was typed (issue 12)", async () => {
    const client = await signedIn(23);
    const asked = await client.submit(await client.get(PROFILE), { button: "Change email" }, { email: "ana.enter@gmial.com" });
    const form = asked.form({ button: "Use ana.enter@gmail.com" });
    // A browser's implicit submission presses the form's first submit button.
    const first = form.querySelector("button[type=submit]");
    expect(first?.textContent?.trim()).toBe("Keep ana.enter@gmial.com");
    const sent = await client.submit(asked, { button: "Keep ana.enter@gmial.com" });
    expect(sent.text("[data-testid=email-sent]")).toBe("We sent a confirmation link to ana.enter@gmial.com. Your email address changes when you open it.");
  });
});

describe("my pharmacy: addresses", () => {
  it("save the shipping and the billing address, and the ZIP code error", async () => {
    const client = await signedIn(23);
    const page = await client.get(PHARMACY);
    expect(page.h1).toBe("My pharmacy");
    const shipping = { addressLine1: "300 Web St", addressLine2: "Unit 7", locality: "Austin", administrativeArea: "TX", phone: "(512) 555-0142" };
    const refused = await client.submit(page, { button: "Save shipping address" }, { ...shipping, postalCode: "7870" });
    expect(refused.status).toBe(400);
    expect(refused.bodyText).toContain("Enter a ZIP code like 12345 or 12345-6789");
    // What was typed comes back.
    expect(refused.$$("input[name=addressLine1]").map((i) => i.getAttribute("value"))).toContain("300 Web St");
    const saved = await client.submit(refused, { button: "Save shipping address" }, { ...shipping, postalCode: "78701-1234" });
    expect(saved.toasts("success")).toContain("Your shipping address has been saved.");
    const billing = await client.submit(saved, { button: "Save billing address" }, {
      addressFirstName: "Pat",
      addressLastName: "O'Hara",
      addressLine1: "300 Web St billing",
      addressLine2: "",
      locality: "Denver",
      administrativeArea: "CO",
      postalCode: "80202",
      phone: "+1 303 555 0100",
    });
    expect(billing.toasts("success")).toContain("Your billing address has been saved.");
    const again = await client.get(PHARMACY);
    const text = again.$$("form").map((f) => [...f.querySelectorAll("input")].map((i) => i.getAttribute("value")).join("|")).join(" ");
    for (const value of ["300 Web St", "Unit 7", "78701-1234", "(512) 555-0142", "O'Hara", "Denver", "(303) 555-0100"]) expect(text).toContain(value);
    expect(again.$$("select[name=administrativeArea] option[selected]").map((o) => o.getAttribute("value"))).toEqual(["TX", "CO"]);
  });
});

describe("payment details", () => {
  const cardRow = (page: WebPage, last4: string) => page.$(`[data-testid=card-row][data-last4="${last4}"]`);
  const addCard = (client: WebClient, page: WebPage, cardNumber: string, extra: Record<string, string> = {}) =>
    client.submit(page, { button: "Add card" }, { cardNumber, expMonth: "09", expYear: String(new Date().getUTCFullYear() + 2), cvc: "123", name: "Pat Q. Doe", ...extra });

  it("add a card, make it primary, delete it after confirming (Keep card first)", async () => {
    const client = await as("patient");
    const page = await client.get(PAYMENT);
    expect(page.h1).toBe("Payment details");
    // (React writes autoComplete in camel case; linkedom keeps the case as written.)
    expect(page.field("Card number").getAttribute("autoComplete")).toBe("cc-number");
    expect(page.field("Security code (CVC)").getAttribute("autoComplete")).toBe("cc-csc");
    const added = await addCard(client, page, "6011 1111 1111 1117");
    expect(added.toasts("success")).toContain("Your card has been added.");
    const row = cardRow(added, "1117")!;
    expect(squash(row.textContent ?? "")).toContain("Discover");
    expect(squash(row.textContent ?? "")).toContain(`Expires 09/${new Date().getUTCFullYear() + 2}`);

    const primary = await client.submit(added, `[data-testid=card-row][data-last4="1117"] form`);
    expect(primary.toasts("success")).toContain("Your primary card has been changed.");
    // The primary card is listed first.
    expect(primary.$("[data-testid=card-row]")?.getAttribute("data-last4")).toBe("1117");

    const confirm = await client.get(cardRow(primary, "1117")!.querySelector("a")!.getAttribute("href")!);
    expect(confirm.text("dialog[open]")).toContain("Discover ending in 1117");
    const kept = await client.get(confirm.link("Keep card"));
    expect(kept.$("dialog[open]")).toBeNull();
    expect(cardRow(kept, "1117")).not.toBeNull();
    const deleted = await client.submit(confirm, { button: "Delete card" });
    expect(deleted.toasts("success")).toContain("Your card has been removed.");
    expect(cardRow(deleted, "1117")).toBeNull();
    expect(deleted.path).toBe(PAYMENT);
  });

  it("the declining test card shows the card-declined notice; number and code are not sent back; field rules", async () => {
    const client = await as("patient");
    const declined = await addCard(client, await client.get(PAYMENT), "4000 0000 0000 0002");
    expect(declined.text("[data-testid=card-declined]")).toContain("Your card was declined. Please contact your bank to approve the charge, then try again.");
    expect(declined.field("Card number").getAttribute("value") ?? "").toBe("");
    expect(declined.field("Security code (CVC)").getAttribute("value") ?? "").toBe("");
    expect(declined.field("Name on card").getAttribute("value")).toBe("Pat Q. Doe");
    expect(declined.html).not.toContain("4000000000000002");
    const refused = await addCard(client, declined, "4242 4242 4242 4241", { expMonth: "13", cvc: "12" });
    expect(refused.fieldError("Card number")).toBe("Enter a valid card number");
    expect(refused.fieldError("Expiry month")).toBe("Enter the expiry month (1–12)");
    expect(refused.fieldError("Security code (CVC)")).toBe("Enter the 3-digit security code (4 digits for American Express)");
  });
});

describe("billing", () => {
  it("invoices with USD amounts and a PDF download; an invoice that cannot be had says so on the page", async () => {
    const client = await as("patient");
    const page = await client.get(BILLING);
    expect(page.h1).toBe("Billing");
    const first = squash(page.$("[data-testid=invoice-row]")?.textContent ?? "");
    expect(first).toMatch(/INV-\d{5}-\d{3}/);
    expect(first).toMatch(/\$\d{1,3}(,\d{3})*\.\d{2}/);
    expect(first).toMatch(/\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}/);
    const href = page.$("[data-testid=invoice-row] a")!.getAttribute("href")!;
    const pdf = await client.raw("GET", href);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"]+\.pdf"$/);
    // Set once: the route's own value replaces server.ts's rather than being appended ("nosniff, nosniff").
    expect(pdf.headers.get("x-content-type-options")).toBe("nosniff");
    expect(pdf.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 4).toString("latin1")).toBe("%PDF");

    const missing = await client.get(`${BILLING}/invoices/999999/pdf`);
    expect(missing.path).toBe(`${BILLING}?download=failed`);
    expect(missing.text("[data-testid=download-failed]")).toBe("Cannot download invoice");
  });

  it("billing portal: open, close → sync → billing refreshed", async () => {
    const client = await as("patient");
    const portal = await client.submit(await client.get(BILLING), { button: "Open billing portal" });
    expect(portal.path).toMatch(/^\/patient\/account\/payment-details\?portalSession=[A-Za-z0-9_-]+$/);
    expect(portal.text("[data-testid=billing-portal]")).toContain("You are in the billing portal");
    const back = await client.submit(portal, { button: "Close billing portal" });
    expect(back.path).toBe(BILLING);
    expect(back.toasts("success")).toContain("Your billing details are up to date.");
    expect(back.$("[data-testid=invoice-row]")).not.toBeNull();
  });
});

describe("in Spanish (es-US)", () => {
  it("profile validation messages", async () => {
    const client = await signedIn(22, "es-US");
    const page = await client.get(PROFILE);
    expect(page.h1).toBe("Perfil");
    const refused = await client.submit(page, { button: "Guardar datos" }, { firstName: "Ana 2", lastName: "", phone: "12", dateOfBirth: yearsAgo(-1) });
    expect(refused.fieldError("Nombre")).toBe("Solo se permiten letras, espacios, guiones y apóstrofes");
    expect(refused.fieldError("Apellido")).toBe("El valor es obligatorio");
    expect(refused.fieldError("Teléfono")).toMatch(/^Introduzca un número de teléfono/);
    expect(refused.fieldError("Fecha de nacimiento")).toBe("La fecha de nacimiento no puede estar en el futuro");
    for (const [value, message] of [
      ["13/45/1990", "Introduzca una fecha de nacimiento válida"],
      [yearsAgo(130), "La fecha de nacimiento no puede ser de hace más de 120 años"],
      [yearsAgo(10), "Debe tener 18 años o más"],
    ] as const) {
      const answer = await client.submit(refused, { button: "Guardar datos" }, { firstName: "Ana", lastName: "Ruiz", phone: "", dateOfBirth: value });
      expect(answer.fieldError("Fecha de nacimiento")).toBe(message);
    }
    const saved = await client.submit(refused, { button: "Guardar datos" }, { firstName: "Ana", lastName: "Ruiz", phone: "", dateOfBirth: "11/02/1979" });
    expect(saved.toasts("success")).toContain("Su perfil se ha actualizado.");
  });

  it("addresses, cards and invoices in Spanish", async () => {
    const client = await as("patient", { language: "es-US" });
    const pharmacy = await client.get(PHARMACY);
    const zip = await client.submit(pharmacy, { button: "Guardar dirección de envío" }, { postalCode: "1234" });
    expect(zip.bodyText).toContain("Introduzca un código postal como 12345 o 12345-6789");
    const cards = await client.get(PAYMENT);
    const declined = await client.submit(cards, { button: "Añadir tarjeta" }, {
      cardNumber: "4000000000000002",
      expMonth: "10",
      expYear: String(new Date().getUTCFullYear() + 1),
      cvc: "321",
      name: "Ana Ruiz",
    });
    expect(declined.text("[data-testid=card-declined]")).toContain("Su tarjeta fue rechazada. Comuníquese con su banco para que apruebe el cargo");
    const billing = await client.get(BILLING);
    expect(billing.h1).toBe("Facturación");
    expect(billing.text("table")).toContain("Pagada");
    const missing = await client.get(`${BILLING}/invoices/999999/pdf`);
    expect(missing.text("[data-testid=download-failed]")).toBe("No se puede descargar la factura");
  });
});

describe("a value over its length says the limit (issue 12: 'The maximum length allowed is {{max}}')", () => {
  for (const [language, button, addressButton, cardButton, sentence] of [
    ["en-US", "Save details", "Save shipping address", "Add card", "The maximum length allowed is"],
    ["es-US", "Guardar datos", "Guardar dirección de envío", "Añadir tarjeta", "La longitud máxima permitida es"],
  ] as const) {
    it(`profile names, every address field and the name on a card, ${language}`, async () => {
      const client = await signedIn(22, language);
      const long = "a".repeat(450);
      const profile = await client.submit(await client.get(PROFILE), { button }, { firstName: long, lastName: "Lee", phone: "", dateOfBirth: "04/17/1988" });
      expect(profile.status).toBe(400);
      expect(profile.bodyText).toContain(`${sentence} 100`);
      expect(profile.bodyText).not.toContain("{{max}}");
      const address = await client.submit(await client.get(PHARMACY), { button: addressButton }, {
        addressLine1: long,
        addressLine2: long,
        locality: long,
        administrativeArea: "TX",
        postalCode: "78701",
        phone: "(512) 555-0142",
      });
      expect(address.status).toBe(400);
      expect(address.bodyText.split(`${sentence} 200`).length - 1).toBe(2);
      expect(address.bodyText).toContain(`${sentence} 100`);
      const card = await client.submit(await client.get(PAYMENT), { button: cardButton }, {
        cardNumber: "4242424242424242",
        expMonth: "09",
        expYear: String(new Date().getUTCFullYear() + 2),
        cvc: "123",
        name: long,
      });
      expect(card.status).toBe(400);
      expect(card.bodyText).toContain(`${sentence} 100`);
      expect(card.bodyText).not.toContain("{{max}}");
    });
  }
});

describe("account layout", () => {
  it("every account page: its title and the current menu item", async () => {
    const client = await as("patient");
    for (const [path, title] of [
      [PROFILE, "Profile"],
      [PHARMACY, "My pharmacy"],
      [BILLING, "Billing"],
      [PAYMENT, "Payment details"],
    ] as const) {
      const page = await client.get(path);
      expect(page.h1).toBe(title);
      const current = page.$$("nav[aria-label='Account menu'] a").find((a) => a.getAttribute("aria-current") === "page");
      expect(squash(current?.textContent ?? "")).toBe(title);
    }
    const menu = (await client.get(PROFILE)).$$("nav[aria-label='Account menu'] a").map((a) => squash(a.textContent ?? ""));
    expect(menu).toEqual(["Back to overview", "Profile", "My pharmacy", "Billing", "Payment details", "Security"]);
  });
});
