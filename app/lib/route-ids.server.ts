import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { CHAT_CATEGORIES } from "../../api/contract/enums.ts";
import type { Chat } from "../../api/contract/chats.ts";
import type { Treatment } from "../../api/contract/treatments.ts";
import type { UserListItem } from "../../api/contract/users.ts";
import { getUpstream, notFoundPage as notFound, readOr404 } from "./upstream.server.ts";

/**
 * The ids in a page's address are checked before its loaders, for every route of app/routes.ts at once (by the
 * parameter's name; the staff, manager and provider trees use these names): a malformed id is not found without
 * asking the upstream, and an id the upstream does not know is not found either (404, the not-found page), never
 * the page's normal heading.
 *   patientId   — a user who is a patient (GET /api/v1/users/{id});
 *   treatmentId — a treatment of that patient (GET /api/v1/treatments-v2/{id});
 *   chartId     — a treatment (a chart is a treatment under review: api/contract/treatments.ts);
 *   userId      — any user (manager settings of one user);
 *   chatId      — a chat of that patient, in that category when the address names one (GET /api/v1/chats/{id});
 *   chatCategory — one of the chat categories (medical, support, pharmacy).
 * What was read is kept for the page's loaders (`getRouteRecords`), so a page that shows the patient does not ask
 * again.
 */
export type RouteRecords = { patient?: UserListItem; user?: UserListItem; treatment?: Treatment; chart?: Treatment; chat?: Chat };
const routeRecordsContext = createContext<RouteRecords>({});

export function getRouteRecords(context: Readonly<RouterContextProvider>): RouteRecords {
  return context.get(routeRecordsContext);
}

/** The names of the id parameters, all positive integers of PostgreSQL's `integer` (the API's idParam). */
export const ID_PARAMS = ["patientId", "treatmentId", "chartId", "userId", "chatId"] as const;

/** A positive integer that fits in PostgreSQL's `integer`, written as digits only ("012", "1e3", "+1" are not). */
export function isRecordId(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2147483647;
}


const read = readOr404;

/** Root middleware after the access rule (a role that may not open the page never reaches the upstream here). */
export const routeIdsMiddleware: MiddlewareFunction<Response> = async ({ params, context }) => {
  const present = ID_PARAMS.filter((name) => params[name] !== undefined);
  const category = params.chatCategory;
  if (category !== undefined && !(CHAT_CATEGORIES as readonly string[]).includes(category)) throw notFound();
  if (present.length === 0) return;
  for (const name of present) if (!isRecordId(params[name]!)) throw notFound();
  const upstream = getUpstream(context);
  const user = (id: string) => read(async () => (await upstream.call("GET /api/v1/users/:id", { params: { id } })).data.user);
  const treatment = (id: string) => read(async () => (await upstream.call("GET /api/v1/treatments-v2/:id", { params: { id } })).data.treatment);
  const chatOf = (id: string) => read(async () => (await upstream.call("GET /api/v1/chats/:id", { params: { id } })).data.chat);
  const { patientId, treatmentId, chartId, userId, chatId } = params;
  const [patient, treated, chart, someone, chat] = await Promise.all([
    patientId ? user(patientId) : undefined,
    treatmentId ? treatment(treatmentId) : undefined,
    chartId ? treatment(chartId) : undefined,
    userId ? user(userId) : undefined,
    chatId ? chatOf(chatId) : undefined,
  ]);
  if (patient && !patient.roles.some((role) => role.handle === "patients")) throw notFound();
  if (treated && treated.patientId !== Number(patientId)) throw notFound();
  if (chat && (chat.patientId !== Number(patientId) || (category !== undefined && chat.category !== category))) throw notFound();
  context.set(routeRecordsContext, { patient, treatment: treated, chart, user: someone, chat });
};
