/** The local suggested-reply adapter: a message template of group "chat" for the chat's category, filled with facts. */
import { and, asc, eq } from "drizzle-orm";
import { messageTemplates } from "../../db/schema.ts";
import type { ChartFacts, ReplyAssistant } from "./index.ts";

/** Used when no "chat" template exists for the category and language. */
const FALLBACK: Record<ChartFacts["locale"], string> = {
  "en-US": "Hi {{patientFirstName}},\n\nThank you for your message. {{factsSentence}}\n\nBest regards,\n{{staffName}}",
  "es-US": "Hola {{patientFirstName}}:\n\nGracias por su mensaje. {{factsSentence}}\n\nSaludos cordiales,\n{{staffName}}",
};

/** One sentence of the chart's facts (journey, treatment and dose, next shipment, open tasks), in the patient's language. */
export function factsSentence(f: ChartFacts): string {
  const es = f.locale === "es-US";
  const parts: string[] = [];
  if (f.medication) parts.push(es ? `Su tratamiento actual de ${f.journey} es ${f.medication}${f.dosage ? ` (${f.dosage})` : ""}.` : `Your current ${f.journey} treatment is ${f.medication}${f.dosage ? ` (${f.dosage})` : ""}.`);
  if (f.nextShipment) parts.push(es ? `Su próximo envío está previsto para el ${f.nextShipment}.` : `Your next shipment is planned for ${f.nextShipment}.`);
  if (f.openTasks > 0) parts.push(es ? `Nuestro equipo está trabajando en ${f.openTasks} solicitud(es) abierta(s) suya(s).` : `Our team is working on ${f.openTasks} open request${f.openTasks === 1 ? "" : "s"} of yours.`);
  return parts.join(" ");
}

export function fill(text: string, f: ChartFacts): string {
  const values: Record<string, string> = {
    patientFirstName: f.patientFirstName,
    staffName: f.staffName,
    providerName: f.staffName,
    journey: f.journey,
    medication: f.medication,
    dosage: f.dosage,
    nextShipment: f.nextShipment,
    openTasks: String(f.openTasks),
    factsSentence: factsSentence(f),
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole).replace(/[ \t]+\n/g, "\n").trim();
}

export const templateAssistant: ReplyAssistant = {
  source: "templates",
  async draft(db, facts) {
    const [row] = await db
      .select({ name: messageTemplates.name, text: messageTemplates.text })
      .from(messageTemplates)
      .where(and(eq(messageTemplates.group, "chat"), eq(messageTemplates.category, facts.category), eq(messageTemplates.locale, facts.locale), eq(messageTemplates.active, true)))
      .orderBy(asc(messageTemplates.id))
      .limit(1);
    return { text: fill(row?.text ?? FALLBACK[facts.locale], facts), source: "templates", templateName: row?.name ?? null };
  },
};
