/**
 * Suggested replies (issue 17): `GET /api/v3/integration/ai/chat/{id}/generate-message` drafts a reply for staff from
 * the chat and the patient's chart through this adapter interface. The local default (./templates.ts) composes the
 * draft from message templates (group "chat", category = the chat's category) filled with the chart's facts; a hosted
 * language model implements the same interface (set ASSISTANT_PROVIDER and plug it in `replyAssistant`). A suggestion
 * is never sent by itself: staff edit it and send it; create-message with `suggested` records it in the audit trail.
 */
import type { Db } from "../../db/client.ts";
import { templateAssistant } from "./templates.ts";

/** The chart's facts a draft may use (no free text of the chart is sent anywhere by the local adapter). */
export type ChartFacts = {
  locale: "en-US" | "es-US";
  patientFirstName: string;
  staffName: string;
  category: string;
  journey: string;
  medication: string;
  dosage: string;
  nextShipment: string;
  openTasks: number;
  /** The patient's last message as plain text ("" when none). */
  lastPatientMessage: string;
};

export type Suggestion = { text: string; source: string; templateName: string | null };

export interface ReplyAssistant {
  readonly source: string;
  draft(db: Db, facts: ChartFacts): Promise<Suggestion>;
}

/** The configured assistant: the local template adapter (the only one built in). */
export function replyAssistant(): ReplyAssistant {
  return templateAssistant;
}
