/**
 * Issue 18 without JavaScript, as plain HTTP: the patient's progress (log a weight — out of range and future dates
 * refused with their messages and what was typed kept — then the chart, the table, BMI and a milestone reached),
 * the staff record's progress tab showing the same; Spanish. Uploads: a multipart post of a lab result (a wrong type
 * and a missing file refused with their messages first), listed under its category, downloaded as an attachment;
 * another patient's document is the not-found page. The legal pages (signed out and in, es-US) and the help center's
 * server-side search with the support chat link. Test patients 36–37 (start 200 lb, goal 170 lb).
 * The JavaScript journeys: tests/e2e/patient-extras.spec.ts.
 */
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { as, WebClient } from "./client";
import { testPatient } from "../support/accounts";

const today = () => new Date(Date.now() - 12 * 3_600_000).toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function patientClient(slot: number, language?: "es-US"): Promise<WebClient> {
  const client = new WebClient();
  if (language) client.headers["Accept-Language"] = language;
  await client.signIn(testPatient(slot).email);
  return client;
}

async function patientId(client: WebClient, email: string): Promise<number> {
  const response = await client.raw("GET", `/resources/tasks/users?kind=patient&search=${encodeURIComponent(email)}`, undefined, { Accept: "application/json" });
  const found = ((await response.json()) as { items: { id: number; email: string | null }[] }).items.find((p) => p.email === email);
  return found!.id;
}

describe("progress without JavaScript", () => {
  it("log weights (bad input refused, typed values kept), then the chart, table, figures and a milestone", async () => {
    const patient = await patientClient(36);
    const empty = await patient.get("/patient/progress");
    expect(empty.status).toBe(200);
    expect(empty.h1).toBe("My progress");
    expect(empty.text("[data-testid=progress-none]")).toContain("You have not logged a weight yet.");
    expect(empty.$("[data-testid=weight-chart]")).toBeNull();
    expect(empty.field("Date weighed").getAttribute("value")).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Out of range and in the future: the summary, each field's message, what was typed kept, nothing stored.
    const refused = await patient.submit(empty, "[data-testid=weight-form]", { weightLb: "1200", measuredOn: daysAgo(-3) });
    expect(refused.status).toBe(400);
    expect(refused.$("[data-testid=error-summary]")).not.toBeNull();
    expect(refused.fieldError("Weight (lb)")).toBe("Enter a weight between 50 and 1000 lb.");
    expect(refused.fieldError("Date weighed")).toBe("The date can't be in the future.");
    expect(refused.field("Weight (lb)").getAttribute("value")).toBe("1200");
    expect(refused.$("[data-testid=weight-chart]")).toBeNull();

    // Two weights: the second below 190 (5 % of the 200 lb start).
    const first = await patient.submit(refused, "[data-testid=weight-form]", { weightLb: "198.2", measuredOn: daysAgo(14) });
    expect(first.path).toBe("/patient/progress");
    expect(first.toasts("success")).toEqual(["Your weight has been saved."]);
    const page = await patient.submit(first, "[data-testid=weight-form]", { weightLb: "189.5", measuredOn: today() });
    expect(page.toasts("success")).toEqual(["Your weight has been saved."]);
    // The chart: an SVG with a title and a description, and the table beside it with the same readings.
    const svg = page.$("svg[data-testid=weight-chart]")!;
    expect(svg.getAttribute("role")).toBe("img");
    expect(page.byId(svg.getAttribute("aria-labelledby")!)!.tagName.toLowerCase()).toBe("title");
    expect(page.byId(svg.getAttribute("aria-describedby")!)!.textContent).toBe("Down 8.7 lb over 2 weigh-ins. The goal is 170 lb, 19.5 lb to go.");
    expect(page.$$("[data-testid=weights] tbody tr").length).toBe(2);
    expect(page.text("[data-figure=current] dd")).toBe("189.5 lb");
    expect(page.text("[data-figure=lost] dd")).toBe("10.5 lb");
    expect(page.text("[data-figure=bmiCurrent] dd")).toBe("28.8");
    const reached = page.$$("[data-testid=milestones] li[data-reached=yes]").map((li) => li.textContent ?? "");
    expect(reached).toHaveLength(1);
    expect(reached[0]).toContain("5 % lost (190 lb)");
    expect(page.$$("[data-testid=milestones] li").at(-1)!.textContent).toContain("Goal: 170 lb");
  });

  it("the staff record's progress tab shows the same", async () => {
    const nurse = await as("nurse");
    const id = await patientId(nurse, testPatient(36).email);
    const tab = await nurse.get(`/staff/patients/${id}/progress`);
    expect(tab.status).toBe(200);
    expect(tab.$("svg[data-testid=weight-chart] title")).not.toBeNull();
    expect(tab.$$("[data-testid=weights] tbody tr").length).toBe(2);
    expect(tab.text("[data-figure=current] dd")).toBe("189.5 lb");
    expect(tab.$$("[data-testid=milestones] li[data-reached=yes]")).toHaveLength(1);
  });

  it("in Spanish: the page, the form's messages", async () => {
    const patient = await patientClient(37, "es-US");
    const page = await patient.get("/patient/progress");
    expect(page.h1).toBe("Mi progreso");
    const refused = await patient.submit(page, "[data-testid=weight-form]", { weightLb: "20", measuredOn: "" });
    expect(refused.fieldError("Peso (lb)")).toBe("Ingrese un peso entre 50 y 1000 lb.");
    expect(refused.fieldError("Fecha del pesaje")).not.toBe("");
  });
});

describe("uploads without JavaScript", () => {
  const form = (category: string, file?: { bytes: Buffer; name: string; type: string }, title = "") => {
    const f = new FormData();
    f.append("category", category);
    f.append("title", title);
    f.append("file", file ? new Blob([new Uint8Array(file.bytes)], { type: file.type }) : new Blob([]), file?.name ?? "");
    return f;
  };

  it("upload a lab result (bad files refused first), see it by category, download it; another patient cannot", async () => {
    const patient = await patientClient(37);
    const empty = await patient.get("/patient/uploads");
    expect(empty.status).toBe(200);
    expect(empty.h1).toBe("Uploads");
    expect(empty.text("[data-testid=documents-none]")).toBe("No documents yet.");
    const uploadForm = empty.$("[data-testid=upload-form]")!;
    expect(uploadForm.getAttribute("encType") ?? uploadForm.getAttribute("enctype")).toBe("multipart/form-data");

    const wrong = await patient.post("/patient/uploads", form("1", { bytes: Buffer.from("hello"), name: "notes.txt", type: "text/plain" }));
    expect(wrong.status).toBe(400);
    expect(wrong.$("[data-testid=error-summary]")).not.toBeNull();
    expect(wrong.text("#document-file-error")).toBe("Upload a JPG, PNG, GIF or PDF file.");
    const disguised = await patient.post("/patient/uploads", form("1", { bytes: Buffer.from("<html></html>"), name: "lab.png", type: "image/png" }));
    expect(disguised.status).toBe(400);
    expect(disguised.text("#document-file-error")).toBe("Upload a JPG, PNG, GIF or PDF file.");
    const none = await patient.post("/patient/uploads", form(""));
    expect(none.text("#document-file-error")).toBe("Choose a file to upload.");
    expect(none.text("[data-testid=error-summary]")).toContain("Category");

    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 10, g: 120, b: 90 } } }).png().toBuffer();
    const done = await patient.post("/patient/uploads", form("1", { bytes: png, name: "a1c.png", type: "image/png" }, "A1c result"));
    expect(done.path).toBe("/patient/uploads");
    expect(done.toasts("success")).toEqual(["Your document has been uploaded. Your care team will review it."]);
    const section = done.$("[data-testid=document-category][data-category='1']")!;
    expect(section.querySelector("h2")!.textContent).toBe("Lab results");
    expect(section.textContent).toContain("A1c result");
    expect(section.textContent).toContain("Waiting for review");
    const href = section.querySelector("a[download]")!.getAttribute("href")!;
    const file = await patient.raw("GET", href);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="a1c\.png"$/);
    expect(file.headers.get("cache-control")).toBe("private, no-store");

    const filtered = await patient.get("/patient/uploads?category=2");
    expect(filtered.text("[data-testid=documents-none]")).toBe("No documents in this category.");
    const other = await patientClient(36);
    expect((await other.get(href)).status).toBe(404);
  });
});

describe("legal pages and the help center without JavaScript", () => {
  it("the four legal pages have their text, signed out and signed in, in both languages", async () => {
    const guest = new WebClient();
    const es = new WebClient();
    es.headers["Accept-Language"] = "es-US";
    const patient = await as("patient");
    const pages: [string, string, string, string][] = [
      ["/telehealth-consent", "Telehealth consent", "What telehealth is", "Qué es la telesalud"],
      ["/privacy-policy", "Privacy policy", "Who sees it", "Quién la ve"],
      ["/terms-and-conditions", "Terms and conditions", "Referrals and credits", "Recomendaciones y créditos"],
      ["/cancellation-policy", "Cancellation policy", "Cancelling a subscription", "Cancelar una suscripción"],
    ];
    for (const [path, title, heading, spanish] of pages) {
      for (const client of [guest, patient]) {
        const page = await client.get(path);
        expect(page.status, path).toBe(200);
        expect(page.h1).toBe(title);
        expect(page.$$("[data-testid=content] h2").map((h) => h.textContent)).toContain(heading);
        expect(page.$$("[data-testid=content] li").length + page.$$("[data-testid=content] p").length).toBeGreaterThan(3);
      }
      const page = await es.get(path);
      expect(page.$$("[data-testid=content] h2").map((h) => h.textContent)).toContain(spanish);
    }
  });

  it("the help center: topics, a search on the server, no match, the support chat link, Spanish", async () => {
    const patient = await as("patient");
    const all = await patient.get("/patient/help-center");
    expect(all.status).toBe(200);
    expect(all.$$("[data-testid=help-topic]").map((s) => s.getAttribute("data-topic"))).toEqual(["journeys", "intake", "priorAuthorization", "billing", "shipping", "cancellation", "account"]);
    expect(all.link("Start a support chat")).toMatch(/^\/patient\/chats\/\d+#composer$/);
    const found = await patient.submit(all, "form[role=search]", { q: "friend refunded" });
    expect(found.path).toBe("/patient/help-center?q=friend+refunded");
    expect(found.text("[data-testid=help-results]")).toBe("1 answer for “friend refunded”.");
    expect(found.$$("[data-testid=help-topic] dt").map((d) => d.textContent)).toEqual(["How does refer a friend credit work?"]);
    const none = await patient.get("/patient/help-center?q=zebra+unicorn");
    expect(none.text("[data-testid=help-none]")).toContain("No answers match your search.");
    const es = await as("patient", { language: "es-US" });
    const spanish = await es.get("/patient/help-center?q=autorizacion");
    expect(spanish.h1).toBe("Centro de ayuda");
    expect(spanish.$$("[data-testid=help-topic]").map((s) => s.getAttribute("data-topic"))).toContain("priorAuthorization");
  });
});
