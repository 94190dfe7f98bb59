/**
 * The staff header in both languages (issue 12): the signed-in person's profession is translated by its code,
 * as the rest of the page, not shown as the API's English label.
 */
import { describe, expect, it } from "vitest";
import { as } from "./client";

describe("the staff header's profile menu", () => {
  for (const [language, nursePractitioner, doctor] of [
    ["en-US", "Nurse practitioner", "Medical doctor"],
    ["es-US", "Enfermero/a practicante", "Médico"],
  ] as const) {
    it(`shows the profession in the page's language, ${language}`, async () => {
      const provider = await (await as("provider", { language })).get("/staff/tasks");
      expect(provider.$("html")?.getAttribute("lang")).toBe(language);
      expect(provider.text("[data-testid=profile-profession]")).toBe(nursePractitioner);
      const manager = await (await as("manager", { language })).get("/manager");
      expect(manager.text("[data-testid=profile-profession]")).toBe(doctor);
    });
  }
});
