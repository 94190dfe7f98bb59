/**
 * Message templates of the "inform the patient" step (spec §3 Message template: group, category, name, text,
 * variables). A template's text holds {{variable}} placeholders (TEMPLATE_VARIABLES); `fillTemplate` puts the
 * values in, as plain text, and `textToMessageHtml` turns the edited text into the message HTML of spec §5
 * (paragraphs and line breaks, escaped; markup the clinician typed is kept only within the allow-list).
 */
import { TEMPLATE_VARIABLES, type TemplateVariable } from "../contract/clinical-review-rules.ts";
import { sanitizeMessageHtml } from "./sanitize.ts";

export type TemplateValues = Partial<Record<TemplateVariable, string>>;

const VARIABLE = /\{\{\s*(\w+)\s*\}\}/g;

/** The variables a text uses (known ones only), in order of first use. */
export function templateVariables(text: string): TemplateVariable[] {
  const out: TemplateVariable[] = [];
  for (const [, name] of text.matchAll(VARIABLE)) {
    if ((TEMPLATE_VARIABLES as readonly string[]).includes(name!) && !out.includes(name as TemplateVariable)) out.push(name as TemplateVariable);
  }
  return out;
}

/** The text with each known {{variable}} replaced by its value ("" when missing); unknown ones stay as written. */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(VARIABLE, (whole, name: string) =>
    (TEMPLATE_VARIABLES as readonly string[]).includes(name) ? (values[name as TemplateVariable] ?? "").trim() : whole,
  );
}

/**
 * The message HTML of an edited text: sanitised to the allow-list of spec §5 (markup the clinician typed is kept
 * only within it), then, unless it already has paragraphs, blank lines start a paragraph and line breaks become
 * <br>. "" when nothing is left (the caller refuses an empty message).
 */
export function textToMessageHtml(text: string): string {
  const clean = sanitizeMessageHtml(text.replace(/\r\n?/g, "\n").trim());
  if (!clean.replace(/<[^>]*>/g, "").trim()) return "";
  if (/<p[\s>]/i.test(clean)) return clean;
  return clean
    .split(/\n{2,}/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${para.replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** The template language for a patient: their own (users.locale) when it is one we have, else English. */
export const templateLocale = (locale: string | null | undefined): "en-US" | "es-US" => (locale === "es-US" ? "es-US" : "en-US");
