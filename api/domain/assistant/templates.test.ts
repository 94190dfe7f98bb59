import { describe, expect, it } from "vitest";
import { factsSentence, fill } from "./templates.ts";
import type { ChartFacts } from "./index.ts";

const facts: ChartFacts = { locale: "en-US", patientFirstName: "Emma", staffName: "Nina Nurse", category: "medical", journey: "weight loss", medication: "Semaglutide", dosage: "0.5 mg weekly", nextShipment: "12/01/2026", openTasks: 2, lastPatientMessage: "Hi" };

describe("the local suggested-reply adapter", () => {
  it("fills a template with the chart's facts", () => {
    expect(fill("Hi {{patientFirstName}}, {{factsSentence}} — {{staffName}} {{unknown}}", facts)).toBe(
      "Hi Emma, Your current weight loss treatment is Semaglutide (0.5 mg weekly). Your next shipment is planned for 12/01/2026. Our team is working on 2 open requests of yours. — Nina Nurse {{unknown}}",
    );
  });
  it("leaves out missing facts and speaks Spanish", () => {
    expect(factsSentence({ ...facts, medication: "", nextShipment: "", openTasks: 0 })).toBe("");
    expect(factsSentence({ ...facts, locale: "es-US", openTasks: 0, nextShipment: "" })).toContain("Su tratamiento actual");
  });
});
