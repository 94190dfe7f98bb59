/**
 * The clinical review queues without JavaScript, as plain HTTP (issue 14, H3): the ready-for-review list with its
 * remaining-time colours, labels and Review links; a chart signed with the provider consent (refused first without
 * it, with the error summary), then an addendum; an upload's review completed and its visibility set; Spanish on one
 * page. The JavaScript journey: tests/e2e/review-queues.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { as, squash } from "./client";

describe("ready for review", () => {
  it("lists the waiting reviews with the time left coloured by §9, the kind, the provider and a Review link", async () => {
    const manager = await as("manager");
    const page = await manager.get("/manager/ready-for-review");
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Ready for review");
    const rows = page.$$("[data-testid=ready-row]");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const badge = row.querySelector("[data-testid=time-left]")!;
      const tone = badge.getAttribute("data-tone");
      expect(["error", "warning", "success"]).toContain(tone);
      expect(squash(badge.textContent ?? "")).toMatch(tone === "error" ? /(Overdue by|left)/ : / left$/);
      const review = row.querySelector("[data-testid=review-link]")!.getAttribute("href")!;
      expect(review).toMatch(/^\/manager\/patients\/\d+\/intakes\/\d+\/review\?from=ready-for-review$/);
      expect(review).toContain(`/intakes/${row.getAttribute("data-treatment-id")}/review`);
      expect(squash(row.textContent ?? "")).toMatch(/New patient|Refill/);
    }
    const refills = await manager.submit(page, { button: "Filter" }, { kind: "refill" });
    expect(refills.path).toContain("kind=refill");
    expect(refills.$$("[data-testid=ready-row]").every((r) => /Refill/.test(r.textContent ?? ""))).toBe(true);
  });

  it("a provider sees their licensed states first and the rest marked out of their states", async () => {
    const provider = await as("provider");
    const page = await provider.get("/staff/ready-for-review");
    expect(page.status).toBe(200);
    const rows = page.$$("[data-testid=ready-row]");
    const out = rows.map((r) => r.querySelector("[data-testid=out-of-state]") !== null);
    const firstOut = out.indexOf(true);
    if (firstOut >= 0) expect(out.slice(firstOut).every(Boolean)).toBe(true);
    const support = await as("support");
    expect((await support.get("/staff/ready-for-review")).status).toBe(404);
  });
});

describe("charts", () => {
  it("signs a chart with the provider consent, then takes an addendum", async () => {
    const provider = await as("provider");
    const list = await provider.get("/staff/charts");
    expect(list.status).toBe(200);
    expect(list.$$("nav a[aria-current=page]").map((a) => squash(a.textContent ?? ""))).toContain("To review");
    const open = list.$("[data-testid=chart-row] [data-testid=open-chart]")!.getAttribute("href")!;
    const chart = await provider.get(open);
    expect(chart.status).toBe(200);
    expect(chart.text("[data-testid=chart-status]")).toBe("To review");
    expect(chart.bodyText).toContain("1. Review the chart");
    expect(chart.bodyText).toContain("GLP-1 therapy per protocol");

    // Without the consent: refused with the error summary, nothing signed.
    const refused = await provider.submit(chart, { button: "Sign for approval" });
    expect(refused.status).toBe(400);
    expect(refused.text("[data-testid=error-summary]")).toContain("Confirm the provider consent to sign the chart");
    const consent = refused.$("input[name=consent]")!;
    expect(consent.getAttribute("aria-invalid")).toBe("true");
    const described = (consent.getAttribute("aria-describedby") ?? "").split(/\s+/).map((id) => refused.byId(id)?.textContent ?? "");
    expect(described.join(" ")).toContain("Confirm the provider consent to sign the chart");
    expect(refused.text("[data-testid=chart-status]")).toBe("To review");

    const signed = await provider.submit(chart, { button: "Sign for approval" }, { consent: "on" });
    expect(signed.status).toBe(200);
    expect(signed.toasts("success")).toContain("The chart has been signed.");
    expect(signed.text("[data-testid=chart-status]")).toBe("Reviewed");
    expect(signed.text("[data-testid=signed-by]")).toMatch(/^Signed by Marcus Hale on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)\.$/);
    expect(signed.$("[data-testid=sign-form]")).toBeNull();

    const empty = await provider.submit(signed, { button: "Add addendum" }, { body: "" });
    expect(empty.status).toBe(400);
    expect(empty.$("[data-testid=error-summary]")).not.toBeNull();
    const added = await provider.submit(signed, { button: "Add addendum" }, { body: "Called the patient: the dose is tolerated." });
    expect(added.toasts("success")).toContain("The addendum has been added to the chart.");
    expect(added.$$("[data-testid=addendum]").map((a) => squash(a.textContent ?? "")).at(-1)).toContain("Called the patient: the dose is tolerated.");

    // A signed chart cannot change: a forged sign post is refused.
    const again = await provider.post(signed.path, { intent: "sign", consent: "on" });
    expect(again.status).toBe(409);
    expect(again.toasts("error").join(" ")).toContain("cannot change");
  });

  it("medical support read charts but cannot sign; the reviewed tab shows who signed", async () => {
    const nurse = await as("nurse");
    const reviewed = await nurse.get("/staff/charts?tab=reviewed");
    expect(reviewed.status).toBe(200);
    expect(reviewed.$$("[data-testid=chart-row]").length).toBeGreaterThan(0);
    const toReview = await nurse.get("/staff/charts");
    const open = toReview.$("[data-testid=open-chart]")!.getAttribute("href")!;
    const chart = await nurse.get(open);
    expect(chart.$("[data-testid=sign-form]")).toBeNull();
    expect(chart.bodyText).toContain("Only a provider can sign this chart.");
  });
});

describe("uploads review", () => {
  it("completes an upload's review and sets its visibility, with a preview and filters", async () => {
    const nurse = await as("nurseManager");
    const page = await nurse.get("/staff/uploads?category=1");
    expect(page.status).toBe(200);
    const rows = page.$$("[data-testid=upload-row]");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => /Lab results/.test(r.textContent ?? ""))).toBe(true);
    const all = await nurse.get("/staff/uploads");
    expect(all.$$("[data-testid=upload-row] img[src^='/api/v1/patient/']").length).toBeGreaterThan(0);
    const row = all.$("[data-testid=upload-row]")!;
    const id = row.getAttribute("data-upload-id")!;
    const visibility = await nurse.submit(all, `[data-upload-id="${id}"] [data-testid=visibility-form]`, { visibility: "0" });
    expect(visibility.toasts("success")).toContain("The upload's visibility has been updated.");
    const after = visibility.$(`[data-upload-id="${id}"] select`) as HTMLSelectElement;
    expect(after.querySelector("option[selected]")?.getAttribute("value") ?? after.value).toBe("0");
    const done = await nurse.submit(visibility, `[data-upload-id="${id}"] [data-testid=review-form]`);
    expect(done.toasts("success")).toContain("The upload's review status has been updated.");
    expect(done.$(`[data-upload-id="${id}"]`)).toBeNull();
    const completed = await nurse.get("/staff/uploads?status=completed");
    expect(completed.$(`[data-upload-id="${id}"]`)).not.toBeNull();
  });

  it("Spanish: the uploads review speaks es-US", async () => {
    const nurse = await as("nurse", { language: "es-US" });
    const page = await nurse.get("/staff/uploads");
    expect(page.lang).toBe("es-US");
    expect(page.bodyText).toContain("Revise cada uno y márquelo como completado");
    expect(page.bodyText).toContain("Marcar como completado");
  });
});
