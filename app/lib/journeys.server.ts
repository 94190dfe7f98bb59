/**
 * The patient's overview and journeys pages (/patient, /patient/journeys, /patient/journeys/{id} and its progress;
 * issue 15 part B): the loaders, and the only module of the web that calls the journeys and overview endpoints
 * (api/contract/journeys.ts).
 *
 * The overview streams: its loader returns the three panels' calls as promises (not awaited), so a browser that runs
 * our script gets the shell first and each panel as its data resolves (React Router's <Await> in <Suspense>); without
 * JavaScript (and for bots) app/entry.server.tsx renders with onAllReady: the complete HTML in one response. A
 * journey that is not the patient's (unknown, malformed, another patient's) is the not-found page.
 */
import type { RouterContextProvider } from "react-router";
import type { JourneyDetail, JourneyProgress, JourneySummary, OverviewActions, OverviewNext } from "../../api/contract/journeys.ts";
import { isRecordId } from "./route-ids.server.ts";
import { wantsStreaming } from "./streaming.server.ts";
import { getUpstream, notFoundPage as notFound, readOr404 } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { JourneyDetail, JourneyProgress, JourneySummary, OverviewActions, OverviewNext };


const read = readOr404;

function journeyId(raw: string | undefined): string {
  if (!raw || !isRecordId(raw)) throw notFound();
  return raw;
}

/** A panel's data, or null when its call failed (the panel says so; nothing else on the page waits for it). */
export type PanelData<T> = T | null;
const orNull = <T,>(p: Promise<T>): Promise<PanelData<T>> => p.catch(() => null);

/**
 * The overview's panels, each its own call. Streamed (a browser that runs our script): the calls' promises, not
 * awaited, so the shell goes first and each panel follows as it resolves. Otherwise (no JavaScript, bots): the same
 * calls side by side, awaited, so no panel suspends and the page is complete (app/lib/streaming.server.ts).
 */
export async function overviewLoader(request: Request, context: Context) {
  const upstream = getUpstream(context);
  const journeys = orNull(upstream.call("GET /api/v1/patient/journeys").then((r): JourneySummary[] => r.data.journeys));
  const actions = orNull(upstream.call("GET /api/v1/patient/overview/actions").then((r): OverviewActions => r.data));
  const next = orNull(upstream.call("GET /api/v1/patient/overview/next").then((r): OverviewNext => r.data));
  const now = Date.now();
  if (wantsStreaming(request)) return { journeys, actions, next, now };
  const [j, a, n] = await Promise.all([journeys, actions, next]);
  return { journeys: j, actions: a, next: n, now };
}

export async function journeysLoader(context: Context) {
  const answer = await getUpstream(context).call("GET /api/v1/patient/journeys");
  return { journeys: answer.data.journeys, now: Date.now() };
}

export async function journeyLoader(context: Context, rawId: string | undefined) {
  const id = journeyId(rawId);
  const answer = await read(() => getUpstream(context).call("GET /api/v1/patient/journeys/:id", { params: { id } }));
  return { ...answer.data, now: Date.now() };
}

export async function progressLoader(context: Context, rawId: string | undefined) {
  const id = journeyId(rawId);
  const answer = await read(() => getUpstream(context).call("GET /api/v1/patient/journeys/:id/progress", { params: { id } }));
  return { progress: answer.data };
}
