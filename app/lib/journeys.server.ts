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
import { data, type RouterContextProvider } from "react-router";
import type { JourneyDetail, JourneyProgress, JourneySummary, OverviewActions, OverviewNext } from "../../api/contract/journeys.ts";
import { isRecordId } from "./route-ids.server.ts";
import { getUpstream, UpstreamError } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { JourneyDetail, JourneyProgress, JourneySummary, OverviewActions, OverviewNext };

const notFound = () => data(null, { status: 404, statusText: "Not Found" });

async function read<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw notFound();
    throw error;
  }
}

function journeyId(raw: string | undefined): string {
  if (!raw || !isRecordId(raw)) throw notFound();
  return raw;
}

/** The overview's panels, each its own call, not awaited (streamed with JavaScript, resolved before sending without). */
export function overviewLoader(context: Context) {
  const upstream = getUpstream(context);
  const journeys: Promise<JourneySummary[]> = upstream.call("GET /api/v1/patient/journeys").then((r) => r.data.journeys);
  const actions: Promise<OverviewActions> = upstream.call("GET /api/v1/patient/overview/actions").then((r) => r.data);
  const next: Promise<OverviewNext> = upstream.call("GET /api/v1/patient/overview/next").then((r) => r.data);
  // A failed panel shows its own error (the <Await> errorElement); nothing else on the page waits for it.
  for (const p of [journeys, actions, next]) p.catch(() => undefined);
  return { journeys, actions, next, now: Date.now() };
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
