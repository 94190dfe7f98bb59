/**
 * The patient's overview and journeys without JavaScript, as plain HTTP (issue 15 part B): the overview complete in one
 * response with every panel (no streamed placeholder left), the journeys list, a journey's page (its treatment,
 * subscription, orders, timeline; the declined one's denial), the progress page (weight loss, and another kind), in
 * en-US and es-US; the menus (desktop and the bottom bar) follow the profile flags. The streaming with JavaScript and
 * the provider's decline seen by the patient are tests/e2e/patient-journeys.spec.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { WebClient, as, squash, type WebPage } from "./client";

let patient: WebClient;
let overview: WebPage;
const journeyCards = (page: WebPage) => page.$$("[data-testid=journey]");
const cardOf = (page: WebPage, state: string, name?: string) =>
  journeyCards(page).find((c) => c.getAttribute("data-state") === state && (!name || squash(c.textContent ?? "").includes(name)))!;

beforeAll(async () => {
  patient = await as("patient");
  overview = await patient.get("/patient");
});

describe("the overview (/patient) without JavaScript", () => {
  it("answers the complete page in one response: every panel resolved, no placeholder", () => {
    expect(overview.status).toBe(200);
    expect(overview.h1).toBe("Overview");
    for (const panel of ["panel-actions", "panel-next", "panel-journeys"]) expect(overview.$(`[data-testid=${panel}-ready]`), panel).toBeTruthy();
    expect(overview.$$("[data-testid=panel-loading]")).toHaveLength(0);
    expect(overview.$$("[data-testid=panel-error]")).toHaveLength(0);
  });

  it("the journeys with current step, what's next, one timeline each, and the review clock of the one in review", () => {
    const cards = journeyCards(overview);
    expect(cards.length).toBeGreaterThanOrEqual(5);
    for (const c of cards) {
      expect(c.querySelector("[data-testid=journey-next]")).toBeTruthy();
      expect(c.querySelector("ol[data-testid=timeline]")).toBeTruthy();
    }
    const inReview = cardOf(overview, "pending");
    expect(squash(inReview.querySelector("[data-testid=review-clock]")!.textContent ?? "")).toMatch(/^Provider review:\s*1 day, 1[5-8] hours?(, \d+ minutes?)? left$/);
    expect(squash(inReview.textContent ?? "")).toContain("A provider reviews your intake within 24 to 48 hours.");
    const active = cardOf(overview, "approved", "Weight loss");
    expect(active.querySelector("[aria-current=step]")?.getAttribute("data-step")).toBe("checkIn");
    expect(squash(active.querySelector("[data-step=shipped]")!.textContent ?? "")).toMatch(/^Shipped\s*Done · \d\d\/\d\d\/\d{4}$/);
    expect(squash(active.querySelector("[data-step=renewal]")!.textContent ?? "")).toMatch(/expected \d\d\/\d\d\/\d{4}$/);
    expect(squash(cardOf(overview, "declined").textContent ?? "")).toContain("This request was not approved.");
  });

  it("actions waiting: the check-in due links to its answer page; unread messages link to the chats", () => {
    const actions = overview.$("[data-testid=panel-actions]")!;
    const checkIn = [...actions.querySelectorAll("a")].find((a) => /^\/patient\/check-ins\/\d+$/.test(a.getAttribute("href") ?? ""));
    expect(checkIn).toBeTruthy();
    expect(actions.querySelector("[data-testid=unread-messages] a")?.getAttribute("href")).toBe("/patient/chats");
    expect(squash(actions.textContent ?? "")).toMatch(/unread messages?/);
  });

  it("the next charge (amount and date) and the next shipment", () => {
    expect(squash(overview.text("[data-testid=next-charge]"))).toMatch(/\$[\d,]+\.\d\d on \d\d\/\d\d\/\d{4}/);
    expect(squash(overview.text("[data-testid=next-shipment]"))).not.toBe("Next shipment No shipment on its way.");
  });

  it("in es-US", async () => {
    const page = await (await as("patient", { language: "es-US" })).get("/patient");
    expect(page.lang).toBe("es-US");
    expect(page.bodyText).toContain("Sus programas");
    expect(page.bodyText).toContain("Un proveedor revisa su cuestionario en un plazo de 24 a 48 horas.");
    expect(page.$$("[data-testid=panel-loading]")).toHaveLength(0);
  });

  it("the actions panel links to the pages that act on them (a card decline: tests/api/journeys.test.ts makes one)", () => {
    const links = overview.$$("[data-testid=panel-actions] a").map((a) => a.getAttribute("href"));
    expect(links).toContain("/patient/chats");
    for (const href of links) expect(href).toMatch(/^\/patient\/(chats|check-ins\/\d+|uploads|account\/(profile|payment-details))$/);
  });
});

describe("journeys pages without JavaScript", () => {
  it("/patient/journeys: the journeys with their displayed state and the link to start a new one", async () => {
    const page = await patient.get("/patient/journeys");
    expect(page.h1).toBe("My journeys");
    expect(page.$("[data-testid=start-journey]")?.getAttribute("href")).toBe("/patient/journeys/start");
    const states = journeyCards(page).map((c) => c.getAttribute("data-state"));
    expect(states).toEqual(expect.arrayContaining(["pending", "approved", "declined", "cancelled"]));
    for (const c of journeyCards(page)) expect(c.querySelector("h3 a")?.getAttribute("href")).toMatch(/^\/patient\/journeys\/\d+$/);
  });

  it("a journey's page: treatment, subscription with items, orders, timeline and a link to its progress", async () => {
    const list = await patient.get("/patient/journeys");
    const href = cardOf(list, "approved", "Weight loss").querySelector("h3 a")!.getAttribute("href")!;
    const page = await patient.get(href);
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Journey");
    expect(page.$("[data-testid=journey-treatment]")?.getAttribute("data-state")).toBe("approved");
    expect(page.$("[data-testid=journey-subscription]")).toBeTruthy();
    expect(page.$$("[data-testid=journey-orders] tbody tr").length).toBeGreaterThanOrEqual(10);
    expect(page.$$("[data-testid=journey-timeline] li").length).toBe(8);
    expect(page.link("See your progress")).toBe(`${href}/progress`);
  });

  it("the declined journey says 'Intake denied: not eligible for the requested treatment' (and in es-US)", async () => {
    const list = await patient.get("/patient/journeys");
    const href = cardOf(list, "declined").querySelector("h3 a")!.getAttribute("href")!;
    const page = await patient.get(href);
    expect(squash(page.text("[data-testid=journey-denied]"))).toBe("Intake denied: not eligible for the requested treatment");
    const es = await (await as("patient", { language: "es-US" })).get(href);
    expect(squash(es.text("[data-testid=journey-denied]"))).toBe("Cuestionario rechazado: no cumple los requisitos para el tratamiento solicitado");
  });

  it("another patient's journey, an unknown or malformed id: the not-found page", async () => {
    const liam = new WebClient();
    await liam.signIn("patient2@demo.test");
    const theirs = journeyCards(await liam.get("/patient/journeys"))[0]!.querySelector("h3 a")!.getAttribute("href")!;
    for (const path of [theirs, `${theirs}/progress`, "/patient/journeys/999999", "/patient/journeys/abc", "/patient/journeys/0/progress"]) {
      expect((await patient.get(path)).status, path).toBe(404);
    }
  });

  it("progress: weight loss shows the chart, the table and the milestones; another kind says it has none", async () => {
    const list = await patient.get("/patient/journeys");
    const wl = cardOf(list, "approved", "Weight loss").querySelector("h3 a")!.getAttribute("href")!;
    const page = await patient.get(`${wl}/progress`);
    expect(page.h1).toBe("Journey progress");
    expect(page.$("svg[data-testid=weight-chart]")).toBeTruthy();
    expect(page.$$("table[data-testid=weights] tbody tr").length).toBeGreaterThan(12);
    const milestones = page.$$("[data-testid=milestones] li");
    expect(squash(milestones.at(-1)!.textContent ?? "")).toMatch(/^Goal: 160 lb/);
    expect(milestones[0]!.getAttribute("data-reached")).toBe("yes");
    const other = cardOf(list, "approved", "Pharmacy purchase").querySelector("h3 a")!.getAttribute("href")!;
    const none = await patient.get(`${other}/progress`);
    expect(squash(none.text("[data-testid=progress-untracked]"))).toBe("There is no progress tracking for Pharmacy purchase.");
  });
});

describe("menus follow the profile flags, desktop and the bottom bar, without JavaScript", () => {
  const nav = (page: WebPage, label: string) => page.$$("nav").find((n) => n.getAttribute("aria-label") === label)!;
  // Each item's own label (the last child of its link; the unread counter sits before it).
  const names = (el: Element) => [...el.querySelectorAll("a")].map((a) => squash([...a.children].at(-1)?.textContent ?? ""));
  it("the demo patient: progress and pharmacy in the bottom bar", () => {
    expect(names(nav(overview, "Quick links"))).toEqual(["Overview", "My journeys", "Chats", "My progress", "Pharmacy"]);
  });
  it("the second demo patient (no progress, no pharmacy availability): neither, desktop nor mobile", async () => {
    const client = new WebClient();
    const page = await client.signIn("patient2@demo.test");
    expect(names(nav(page, "Quick links"))).toEqual(["Overview", "My journeys", "Chats"]);
    const main = names(nav(page, "Main menu"));
    expect(main).not.toContain("My progress");
    expect(main).not.toContain("Pharmacy");
  });
});
