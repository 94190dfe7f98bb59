/**
 * The medical intake without JavaScript, as plain HTTP (issue 15): a new patient starts a weight-loss journey, answers
 * every step (a validation error first: the error summary and each field described by its message, values kept),
 * uploads an ID photo and a selfie from the tests' fixtures (multipart), chooses a plan, reviews and submits; a
 * disqualifying answer shows the denial; a product not offered in the patient's state shows its message; es-US once.
 * Test patients 41–44 (tests/support/accounts.ts). The same with JavaScript: tests/e2e/intake.spec.ts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { testPatient } from "../support/accounts";
import { WebClient, formEntries, type FormValues, type WebPage } from "./client";

async function signedIn(slot: number, language: "en-US" | "es-US" = "en-US") {
  const client = new WebClient();
  client.headers["Accept-Language"] = language;
  const account = testPatient(slot);
  await client.signIn(account.email, account.password);
  return client;
}

const SAVE = { en: "Save and continue", es: "Guardar y continuar" } as const;

async function start(client: WebClient, kind: string): Promise<WebPage> {
  const page = await client.get("/patient/journeys/start");
  expect(page.status).toBe(200);
  return client.submit(page, { button: kind });
}

/** Answers the step the page shows and returns where it leads. */
async function answer(client: WebClient, page: WebPage, values: FormValues, button: string = SAVE.en): Promise<WebPage> {
  return client.submit(page, { button }, values);
}

const stepOf = (page: WebPage) => page.path.split("/").pop();

/** The identification step as the browser posts it without JavaScript: multipart, with the fixtures' pictures. */
async function uploadIdentification(client: WebClient, page: WebPage, values: Record<string, string> = {}): Promise<WebPage> {
  const form = page.form('[data-testid="intake-form"]');
  expect(form.getAttribute("enctype") ?? form.getAttribute("encType")).toBe("multipart/form-data");
  expect(page.$('input[name="idPhoto"]')?.getAttribute("accept")).toBe("image/*");
  expect(page.$('input[name="selfie"]')?.hasAttribute("capture")).toBe(true);
  const body = new FormData();
  for (const [k, v] of formEntries(form)) if (!(k in values)) body.append(k, v);
  for (const [k, v] of Object.entries(values)) body.append(k, v);
  body.append("idPhoto", new Blob([readFileSync("tests/fixtures/intake/id-card.jpg")], { type: "image/jpeg" }), "id-card.jpg");
  body.append("selfie", new Blob([readFileSync("tests/fixtures/intake/selfie.jpg")], { type: "image/jpeg" }), "selfie.jpg");
  return client.post(page.path, body);
}

const ABOUT = (state = "CO") => ({ firstName: "Jordan", lastName: "Webb", dateOfBirth: "1985-03-09", sex: "male", stateOfResidence: state });

describe("a new patient's weight-loss intake, without JavaScript", () => {
  it("starts, answers every step (errors first), uploads ID and selfie, chooses a plan, submits", async () => {
    const client = await signedIn(41);
    let page = await start(client, "Start Weight loss");
    expect(page.path).toMatch(/^\/patient\/journeys\/\d+\/intake\/about$/);
    expect(page.toasts("success")).toContain("Your intake has started.");
    expect(page.text('[data-testid="intake-progress"]')).toBe("Step 1 of 10");
    const journeyPath = page.path.replace(/\/about$/, "");

    // A validation error: the summary, each field described by its message, what was typed kept.
    const failed = await answer(client, page, { firstName: "Jordan", lastName: "", dateOfBirth: "2999-01-01", sex: undefined, stateOfResidence: "CO" });
    expect(failed.status).toBe(400);
    expect(failed.$('[data-testid="error-summary"]')?.getAttribute("tabindex")).toBe("-1");
    expect(failed.text('[data-testid="error-summary"]')).toContain("Last name");
    expect(failed.fieldError("Last name")).toBe("Value is required");
    expect(failed.fieldError("Date of birth")).toBe("Date of birth cannot be in the future");
    expect(failed.field("First name").getAttribute("value")).toBe("Jordan");
    expect(failed.field("Date of birth").getAttribute("value")).toBe("2999-01-01");

    page = await answer(client, failed, ABOUT());
    expect(stepOf(page)).toBe("body");
    page = await answer(client, page, { heightInchesFt: "5", heightInchesIn: "9", weightLb: "215", goalWeightLb: "175" });
    expect(stepOf(page)).toBe("history");
    // Back keeps what was saved: the body step shows the answers and the BMI computed by the server.
    const back = await client.get(page.link("Back"));
    expect(back.field("Current weight (lb)").getAttribute("value")).toBe("215");
    expect(back.text('[data-testid="intake-bmi"]')).toBe("Your BMI: 31.7");

    page = await answer(client, page, { "conditions[]": ["highBloodPressure"] });
    expect(stepOf(page)).toBe("medications");
    // Without JavaScript the follow-up question is on the form; answering "yes" makes it required.
    const missing = await answer(client, page, { takesMedications: "yes", currentMedications: "" });
    expect(missing.fieldError("Which medications and doses?")).toBe("Value is required");
    page = await answer(client, missing, { takesMedications: "yes", currentMedications: "Lisinopril 10 mg daily" });
    page = await answer(client, page, { hasAllergies: "no" });
    expect(stepOf(page)).toBe("contraindications");
    expect(page.bodyText).not.toContain("Are you pregnant");
    page = await answer(client, page, { thyroidCancerHistory: "no", pancreatitisHistory: "no", eatingDisorder: "no", insulinUse: "no" });
    page = await answer(client, page, { goal: "lose20" });
    expect(stepOf(page)).toBe("identification");

    page = await uploadIdentification(client, page, { hasInsurance: "no" });
    expect(stepOf(page)).toBe("plan");
    // The identification step now shows the pictures, served to this patient only, without metadata.
    const identification = await client.get(page.link("Back"));
    const src = identification.$('[data-testid="intake-image-idPhoto"]')!.getAttribute("src")!;
    const image = await client.raw("GET", src);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer()).includes(Buffer.from("FixturePhone"))).toBe(false);
    expect((await (await signedIn(42)).raw("GET", src)).status).toBe(404);
    const noPlan = await answer(client, page, {});
    expect(noPlan.text('[data-testid="error-summary"]')).toContain("A plan must be selected");
    const sixMonths = noPlan.$$('input[name="variantId"]').find((el) => noPlan.text(`label[for="${el.getAttribute("id")}"]`).startsWith("Compounded Tirzepatide: 6-month plan"))!;
    page = await answer(client, noPlan, { variantId: sixMonths.getAttribute("value")! });
    expect(stepOf(page)).toBe("review");
    const review = page.text('[data-testid="intake-review"]');
    expect(review).toContain("Lisinopril 10 mg daily");
    expect(review).toContain("5 ft 9 in");
    expect(review).toContain("Compounded Tirzepatide: 6-month plan");
    expect(review).toMatch(/Uploaded: idFront\.png/);

    const done = await answer(client, page, {}, "Submit my intake");
    expect(done.path).toBe(journeyPath.replace(/\/intake$/, ""));
    expect(done.toasts("success")).toContain("Your intake has been submitted. A provider will review it within 24 to 48 hours.");
    // Submitted: the intake's pages lead to the journey, and it cannot be answered again.
    expect((await client.get(journeyPath)).path).toBe(done.path);
    expect((await client.get(`${journeyPath}/goals`)).path).toBe(done.path);
  });

  it("a step after the current one opens the current step; an unknown step, another patient's journey: not found", async () => {
    const client = await signedIn(41);
    const page = await start(client, "Start Haircare");
    const base = page.path.replace(/\/about$/, "");
    expect((await client.get(`${base}/plan`)).path).toBe(`${base}/about`);
    expect((await client.get(`${base}/nonsense`)).status).toBe(404);
    const other = await signedIn(42);
    expect((await other.get(`${base}/about`)).status).toBe(404);
    expect((await other.get(base)).status).toBe(404);
  });
});

describe("refusals, without JavaScript", () => {
  it("a disqualifying answer: 'Intake denied: not eligible for the requested treatment'", async () => {
    const client = await signedIn(42);
    let page = await start(client, "Start Sexual wellness");
    page = await answer(client, page, ABOUT());
    page = await answer(client, page, { heightInchesFt: "5", heightInchesIn: "11", weightLb: "185" });
    page = await answer(client, page, { "conditions[]": ["none"], symptomDuration: "over1Year" });
    page = await answer(client, page, { takesMedications: "yes", currentMedications: "Nitroglycerin" });
    page = await answer(client, page, { hasAllergies: "no" });
    page = await answer(client, page, { takesNitrates: "yes", alphaBlockers: "no" });
    expect(stepOf(page)).toBe("goals");
    page = await answer(client, page, { goal: "confidence" });
    page = await uploadIdentification(client, page);
    const variant = page.$('input[name="variantId"]')!.getAttribute("value")!;
    page = await answer(client, page, { variantId: variant });
    const denied = await answer(client, page, {}, "Submit my intake");
    expect(denied.path).toMatch(/^\/patient\/journeys\/\d+\/intake$/);
    expect(denied.text('[data-testid="intake-denied"]')).toContain("Intake denied: not eligible for the requested treatment");
  });

  it("a product not offered in the patient's state: 'Product unavailable in your state'", async () => {
    const client = await signedIn(43);
    let page = await start(client, "Start Weight loss");
    page = await answer(client, page, ABOUT("LA"));
    page = await answer(client, page, { heightInchesFt: "5", heightInchesIn: "9", weightLb: "215", goalWeightLb: "175" });
    page = await answer(client, page, { "conditions[]": ["none"] });
    page = await answer(client, page, { takesMedications: "no" });
    page = await answer(client, page, { hasAllergies: "no" });
    page = await answer(client, page, { thyroidCancerHistory: "no", pancreatitisHistory: "no", eatingDisorder: "no", insulinUse: "no" });
    page = await answer(client, page, { goal: "lose10" });
    page = await uploadIdentification(client, page, { hasInsurance: "no" });
    expect(page.bodyText).toContain("Not offered in your state");
    const compounded = page.$$('input[name="variantId"]').find((el) => page.text(`label[for="${el.getAttribute("id")}"]`).startsWith("Compounded Semaglutide"))!;
    const refused = await answer(client, page, { variantId: compounded.getAttribute("value")! });
    expect(refused.status).toBe(400);
    expect(refused.text('[data-testid="error-summary"]')).toContain("Product unavailable in your state");
    expect(refused.text("#field-variantId-error")).toBe("Product unavailable in your state");
  });
});

describe("in Spanish", () => {
  it("the start page and a step's errors are in es-US", async () => {
    const client = await signedIn(44, "es-US");
    const startPage = await client.get("/patient/journeys/start");
    expect(startPage.h1).toBe("Comenzar un nuevo programa");
    let page = await client.submit(startPage, { button: "Comenzar: Cuidado del cabello" });
    expect(page.text('[data-testid="intake-step-title"]')).toBe("Sobre usted (paso 1 de 10)");
    page = await answer(client, page, { firstName: "", lastName: "Webb", dateOfBirth: "1985-03-09", sex: "male", stateOfResidence: "CO" }, SAVE.es);
    expect(page.status).toBe(400);
    expect(page.fieldError("Nombre")).not.toBe("");
    expect(page.fieldError("Nombre")).not.toBe("Value is required");
  });
});

describe("cancelling an intake in progress (no JavaScript)", () => {
  for (const [slot, language, texts] of [
    [61, "en-US", { start: "Start Haircare", cancel: "Yes, cancel the intake", toast: "Your intake has been cancelled. You can start this journey again at any time.", state: "Cancelled" }],
    [62, "es-US", { start: "Comenzar: Cuidado del cabello", cancel: "Sí, cancelar el cuestionario", toast: "Su cuestionario se ha cancelado. Puede volver a empezar este programa cuando quiera.", state: "Cancelado" }],
  ] as const) {
    it(`the journey page's disclosure confirms it; the journeys list shows it cancelled (${language})`, async () => {
      const client = await signedIn(slot, language);
      const step = await start(client, texts.start);
      const id = /\/patient\/journeys\/(\d+)\//.exec(step.url)![1];
      const journey = await client.get(`/patient/journeys/${id}`);
      expect(journey.status).toBe(200);
      expect(journey.$("details[data-testid=cancel-intake] summary")).toBeTruthy();
      const after = await client.submit(journey, { button: texts.cancel });
      expect(new URL(after.url).pathname).toBe("/patient/journeys");
      expect(after.toasts("success")).toContain(texts.toast);
      const card = after.$$("[data-testid=journey]").find((c) => c.querySelector(`a[href="/patient/journeys/${id}"]`));
      expect(card?.getAttribute("data-state")).toBe("cancelled");
      // The cancelled journey's page no longer offers to continue or cancel.
      const closed = await client.get(`/patient/journeys/${id}`);
      expect(closed.$("details[data-testid=cancel-intake]")).toBeNull();
      expect(closed.text("[data-testid=journey-heading]")).toContain(texts.state);
    });
  }
});
