/**
 * The record as FHIR R4 and the patient's access log (issue 18, "My record"; api/contract/record-export.ts): the
 * only module of the web that calls those endpoints. The file is passed on as the API streams it, as an attachment;
 * the browser only ever talks to the web server.
 */
import type { RouterContextProvider } from "react-router";
import type { MyAccessLogEntry } from "../../api/contract/record-export.ts";
import { FHIR_MEDIA_TYPE } from "../../api/contract/record-export-rules.ts";
import { getUpstream, UpstreamError } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { MyAccessLogEntry };


/** A file name safe in a header: letters, digits, dot, dash and underscore only. */
function fileNameOf(disposition: string | null): string {
  const fromHeader = disposition ? /filename="?([^";]+)"?/i.exec(disposition)?.[1] : undefined;
  const cleaned = (fromHeader ?? "record.json").replace(/[^A-Za-z0-9._-]/g, "_");
  return cleaned.toLowerCase().endsWith(".json") ? cleaned : `${cleaned}.json`;
}

/** The API's answer as the web's download (FHIR JSON attachment, never cached), or null when it is not that file. */
async function passOn(upstream: Response): Promise<Response | null> {
  if (!(upstream.headers.get("content-type") ?? "").startsWith(FHIR_MEDIA_TYPE) || !upstream.body) {
    await upstream.body?.cancel();
    return null;
  }
  return new Response(upstream.body, {
    status: 200,
    headers: {
      "Content-Type": `${FHIR_MEDIA_TYPE}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${fileNameOf(upstream.headers.get("content-disposition"))}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The signed-in patient's own record (null when the API did not give it: the caller says so). */
export async function myRecordFile(context: Context): Promise<Response | null> {
  try {
    return await passOn(await getUpstream(context).download("GET /api/v1/patient/record/fhir"));
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

/** A patient's record for staff allowed on that patient: the file, 404 (not visible, unknown), or 502. */
export async function patientRecordFile(context: Context, patientId: string): Promise<Response> {
  if (!/^[1-9]\d{0,9}$/.test(patientId) || Number(patientId) > 2147483647) return new Response(null, { status: 404 });
  try {
    const upstream = await getUpstream(context).download("GET /api/v1/patient/:patientId/record/fhir", { params: { patientId }, on401: "throw" });
    return (await passOn(upstream)) ?? new Response(null, { status: 502 });
  } catch (error) {
    if (error instanceof UpstreamError) return new Response(null, { status: error.status === null || error.status >= 500 ? 502 : 404 });
    throw error;
  }
}

export type MyAccessLog = { items: MyAccessLogEntry[]; nextCursor: number | null; cursor: number | null } | null;

/** A page of the patient's access log (`cursor` from `?log=`); null when the API did not answer. */
export async function loadMyAccessLog(context: Context, rawCursor: string | null): Promise<MyAccessLog> {
  const cursor = rawCursor && /^[1-9]\d{0,9}$/.test(rawCursor) && Number(rawCursor) <= 2147483647 ? Number(rawCursor) : null;
  try {
    const answer = await getUpstream(context).call("GET /api/v1/patient/record/access-log", { query: cursor ? { cursor } : {} });
    return { items: answer.data, nextCursor: answer.pages?.nextCursor ?? null, cursor };
  } catch (error) {
    if (error instanceof UpstreamError && error.status !== 401) return null;
    throw error;
  }
}
