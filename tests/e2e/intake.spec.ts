/**
 * The medical intake in the browser with JavaScript (issue 15): a new patient starts a weight-loss journey, answers
 * every step (a follow-up question appears only once "Yes" is chosen), attaches an ID photo and a selfie from the
 * tests' fixtures, chooses a plan, reviews and submits; the provider manager then finds the intake in ready for
 * review. Once in es-US. The same workflows without JavaScript, the denial and the out-of-state message run over HTTP
 * in tests/web/intake.test.ts; the steps and the error summary are in the axe sweep. Test patients 45, 46 and 47.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { Client, type Reply } from "../api/harness";
import { expectNoAxeViolations, hydrated, signInWith, testPatient } from "./support";
import { PASSWORD } from "../support/accounts";

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 3101}`;

const group = (page: Page, name: string) => page.getByRole("group", { name });
const save = (page: Page, label = "Save and continue") => page.getByRole("button", { name: label }).click();

test("a new patient starts a weight-loss intake and answers its steps up to the identification", async ({ page }, testInfo) => {
  await signInWith(page, testPatient(45), "/patient/journeys/start");
  await hydrated(page, testInfo);
  await page.getByRole("button", { name: "Start Weight loss" }).click();
  await expect(page).toHaveURL(/\/patient\/journeys\/\d+\/intake\/about$/);
  const journeyPath = page
    .url()
    .replace(/\/intake\/about$/, "")
    .replace(/^https?:\/\/[^/]+/, "");
  await expect(page.getByTestId("intake-progress")).toHaveText("Step 1 of 10");

  // An error first: the summary takes the focus.
  await save(page);
  await expect(page.getByTestId("error-summary")).toBeFocused();
  await page.getByLabel("First name").fill("Morgan");
  await page.getByLabel("Last name").fill("Ellis");
  await page.getByLabel("Date of birth").fill("1987-11-23");
  await group(page, "Sex assigned at birth").getByLabel("Female").check();
  await page.getByLabel("State of residence").selectOption("WA");
  await save(page);

  await expect(page).toHaveURL(/\/intake\/body$/);
  await page.getByLabel("Feet").fill("5");
  await page.getByLabel("Inches").fill("4");
  await page.getByLabel("Current weight (lb)").fill("190");
  await page.getByLabel("Goal weight (lb)").fill("150");
  await save(page);

  await expect(page).toHaveURL(/\/intake\/history$/);
  await page.getByLabel("Sleep apnea").check();
  await save(page);

  await expect(page).toHaveURL(/\/intake\/medications$/);
  // With JavaScript the follow-up question appears only after "Yes".
  await expect(page.getByLabel("Which medications and doses?")).toHaveCount(0);
  await group(page, "Do you take any medications or supplements?").getByLabel("Yes").check();
  await page.getByLabel("Which medications and doses?").fill("Metformin 500 mg");
  await expectNoAxeViolations(page, "medications with the follow-up question shown");
  await save(page);

  await expect(page).toHaveURL(/\/intake\/allergies$/);
  await group(page, "Do you have any allergies?").getByLabel("No").check();
  await save(page);

  await expect(page).toHaveURL(/\/intake\/contraindications$/);
  for (const question of [
    "Are you pregnant or planning to become pregnant?",
    "Are you breastfeeding?",
    "Have you or a family member had medullary thyroid cancer or MEN2?",
    "Have you ever had pancreatitis?",
    "Have you ever had an eating disorder?",
    "Do you use insulin?",
  ]) {
    await group(page, question).getByLabel("No").check();
  }
  await save(page);

  await expect(page).toHaveURL(/\/intake\/goals$/);
  await group(page, "What is your main goal?").getByLabel("Lose 10 to 20% of my weight").check();
  await save(page);

  await expect(page).toHaveURL(/\/intake\/identification$/);
  expect(journeyPath).toMatch(/^\/patient\/journeys\/\d+$/);
});

/** Answers of a weight-loss intake up to its identification step, saved through the API (the steps above are the browser's). */
const UP_TO_IDENTIFICATION: [string, Record<string, string | string[]>][] = [
  ["about", { firstName: "Jordan", lastName: "Reyes", dateOfBirth: "1985-03-14", sex: "male", stateOfResidence: "WA" }],
  ["body", { heightInchesFt: "5", heightInchesIn: "10", weightLb: "230", goalWeightLb: "185" }],
  ["history", { conditions: ["highBloodPressure"], previousTreatments: "" }],
  ["medications", { takesMedications: "yes", currentMedications: "Metformin 500 mg" }],
  ["allergies", { hasAllergies: "no" }],
  ["contraindications", { thyroidCancerHistory: "no", pancreatitisHistory: "no", eatingDisorder: "no", insulinUse: "no" }],
  ["goals", { goal: "lose20", notes: "" }],
];

test("the identification with ID and selfie, the plan, review and submit; the intake is then ready for review", async ({ page }, testInfo) => {
  // The earlier steps through the API (the test above answers them in the browser): a journey at its identification.
  const api = new Client(API);
  await api.login(testPatient(47).email);
  const started = await api.post<{ journey: { id: number } }>("/api/v1/journeys", { sectionType: 1 });
  expect(started.status).toBe(200);
  const journeyPath = `/patient/journeys/${started.body.data!.journey.id}`;
  for (const [step, answers] of UP_TO_IDENTIFICATION) {
    const r = await api.put(`/api/v1/journeys/${started.body.data!.journey.id}/intake/${step}`, { answers });
    expect(r.status, `${step}: ${JSON.stringify(r.body)}`).toBe(200);
  }
  await signInWith(page, testPatient(47), `${journeyPath}/intake/identification`);
  await hydrated(page, testInfo);
  await expect(page).toHaveURL(/\/intake\/identification$/);
  await expect(page.getByLabel("Photo of your ID (front)")).toHaveAttribute("accept", "image/*");
  // The steps the demo patient's seeded intake does not reach (the axe sweep covers the others): axe here.
  await expectNoAxeViolations(page, "identification");
  await page.getByLabel("Photo of your ID (front)").setInputFiles("tests/fixtures/intake/id-card.jpg");
  await page.getByLabel("A selfie").setInputFiles("tests/fixtures/intake/selfie.jpg");
  await group(page, "Do you have health insurance?").getByLabel("No").check();
  await save(page);

  await expect(page).toHaveURL(/\/intake\/plan$/);
  await expectNoAxeViolations(page, "plan");
  await page.getByLabel(/^Zepbound \(branded\): 3-month plan/).check();
  await save(page);

  await expect(page).toHaveURL(/\/intake\/review$/);
  await expectNoAxeViolations(page, "review");
  const review = page.getByTestId("intake-review");
  await expect(review).toContainText("Metformin 500 mg");
  await expect(review).toContainText("Uploaded: idFront.png");
  await expect(review).toContainText("Zepbound (branded): 3-month plan");
  // Back keeps the saved answers.
  await page.getByTestId("intake-back").click();
  await expect(page).toHaveURL(/\/intake\/plan$/);
  await expect(page.getByLabel(/^Zepbound \(branded\): 3-month plan/)).toBeChecked();
  await save(page);
  await page.getByRole("button", { name: "Submit my intake" }).click();
  await expect(page).toHaveURL(new RegExp(`${journeyPath}$`));
  await expect(page.getByText("Your intake has been submitted. A provider will review it within 24 to 48 hours.")).toBeVisible();

  // The provider manager finds it in ready for review.
  const manager = new Client(API);
  await manager.login("manager@demo.test");
  let cursor: string | null = null;
  let names: string[] = [];
  do {
    const r: Reply<{ patient: { fullName: string } }[]> = await manager.get<{ patient: { fullName: string } }[]>(
      `/api/v1/treatments/ready-for-review?perPage=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    names = names.concat(r.body.data!.map((i) => i.patient.fullName));
    cursor = (r.body as { pages?: { nextCursor: string | null } }).pages?.nextCursor ?? null;
  } while (cursor);
  const [me] = await (async () => {
    const patient = new Client(API);
    await patient.login(testPatient(47).email);
    return [(await patient.get<{ fullName: string }>("/api/v1/profile")).body.data!.fullName];
  })();
  expect(names).toContain(me);

  // The pictures: on the patient's overview, then on the provider manager's intake review (staff allowed on the patient).
  const loaded = async (images: Locator) => {
    await expect(images).toHaveCount(2);
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true);
    }
  };
  await page.goto("/patient");
  await loaded(page.getByTestId("identification").locator("img"));
  const detail = await api.get<{ treatments: { id: number }[] }>(`/api/v1/patient/journeys/${started.body.data!.journey.id}`);
  const treatmentId = detail.body.data!.treatments[0]!.id;
  const patientId = (await api.get<{ id: number }>("/api/v1/profile")).body.data!.id;
  await page.context().clearCookies();
  await signInWith(page, { email: "manager@demo.test", password: PASSWORD }, `/manager/patients/${patientId}/intakes/${treatmentId}/review`);
  await loaded(page.getByTestId("review-images").locator("img"));
});

test.describe("es-US", () => {
  test.use({
    locale: "es-US",
    extraHTTPHeaders: { "Accept-Language": "es-US" },
  });
  test("in Spanish: start haircare and answer the first step", async ({ page }, testInfo) => {
    await signInWith(page, testPatient(46), "/patient/journeys/start");
    await hydrated(page, testInfo);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comenzar un nuevo programa");
    await page.getByRole("button", { name: "Comenzar: Cuidado del cabello" }).click();
    await expect(page.getByTestId("intake-step-title")).toHaveText("Sobre usted (paso 1 de 10)");
    await page.getByLabel("Nombre").fill("Lucía");
    await page.getByLabel("Apellido").fill("Prueba");
    await page.getByLabel("Fecha de nacimiento").fill("1990-02-14");
    await group(page, "Sexo asignado al nacer").getByLabel("Femenino").check();
    await page.getByLabel("Estado de residencia").selectOption("TX");
    await save(page, "Guardar y continuar");
    await expect(page).toHaveURL(/\/intake\/body$/);
    await expect(page.getByTestId("intake-step-title")).toHaveText("Medidas corporales (paso 2 de 10)");
  });
});
