/**
 * The patient's documents (issue 18; api/contract/documents.ts, decisions api/contract/document-rules.ts): the list by
 * category on /patient/uploads, the upload form (a multipart form post that works without JavaScript), and the download
 * of one of them at /patient/uploads/{id}/file. The only module of the web that calls these endpoints.
 *
 * The web reads at most the file's limit plus the framing before anything goes upstream, checks that a file, a
 * category and an allowed extension are there, and sends the file on; the API checks it again by content.
 */
import { data, type RouterContextProvider } from "react-router";
import type { PatientDocument } from "../../api/contract/documents.ts";
import { DOCUMENT_CATEGORY_IDS, DOCUMENT_EXTENSIONS, DOCUMENT_FILE_FIELD, DOCUMENT_MAX_BYTES, DOCUMENT_TITLE_MAX, PATIENT_UPLOADS_PATH } from "../../api/contract/document-rules.ts";
import { fileExtension } from "../../api/contract/patient-account-rules.ts";
import { formFailure, successMessage } from "./account.server.ts";
import { isMultipart, readLimitedFormData, TooLarge } from "./avatar-upload.server.ts";
import { getT } from "./i18n.server.ts";
import { notify, redirectWithToast } from "./toast.server.ts";
import { getUpstream, UpstreamError, notFoundPage as notFound } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { PatientDocument };

/** What a failed upload sends back: the errors (field → messages; "" the form's own) and the values typed. */
export type DocumentFormResult = { errors: Record<string, string[]>; values: { category: string; title: string } };

const MULTIPART_OVERHEAD = 64 * 1024;
const CURSOR = /^[1-9]\d{0,9}$/;

export async function documentsLoader(request: Request, context: Context) {
  const params = new URL(request.url).searchParams;
  const rawCategory = Number(params.get("category"));
  const category = (DOCUMENT_CATEGORY_IDS as readonly number[]).includes(rawCategory) ? rawCategory : undefined;
  const rawCursor = params.get("cursor") ?? "";
  const cursor = CURSOR.test(rawCursor) && Number(rawCursor) <= 2147483647 ? rawCursor : undefined;
  const answer = await getUpstream(context).call("GET /api/v1/patient/uploads", { query: { category, cursor } });
  return { documents: answer.data.documents, nextCursor: answer.data.nextCursor, category: category ?? null, paged: Boolean(cursor) };
}

export async function uploadDocumentAction(request: Request, context: Context) {
  const t = getT(context);
  const fail = (errors: Record<string, string[]>, values: DocumentFormResult["values"], status = 400) => data<DocumentFormResult>({ errors, values }, { status });
  if (!isMultipart(request)) return fail({ [DOCUMENT_FILE_FIELD]: [t("documents:messages.missing")] }, { category: "", title: "" });
  let form: FormData;
  try {
    form = await readLimitedFormData(request, DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD);
  } catch (error) {
    const message = t(error instanceof TooLarge ? "documents:messages.tooLarge" : "documents:messages.missing");
    notify(context, "error", message);
    return fail({ [DOCUMENT_FILE_FIELD]: [message] }, { category: "", title: "" }, error instanceof TooLarge ? 413 : 400);
  }
  const values = { category: String(form.get("category") ?? "").slice(0, 10), title: String(form.get("title") ?? "").slice(0, DOCUMENT_TITLE_MAX + 50) };
  const errors: Record<string, string[]> = {};
  if (!(DOCUMENT_CATEGORY_IDS as readonly number[]).includes(Number(values.category)) || values.category === "") errors.category = ["validation.required"];
  if (values.title.trim().length > DOCUMENT_TITLE_MAX) errors.title = [`validation.maxLength?max=${DOCUMENT_TITLE_MAX}`];
  const file = form.get(DOCUMENT_FILE_FIELD);
  if (!(file instanceof File) || file.size === 0) errors[DOCUMENT_FILE_FIELD] = [t("documents:messages.missing")];
  else if (file.size > DOCUMENT_MAX_BYTES) errors[DOCUMENT_FILE_FIELD] = [t("documents:messages.tooLarge")];
  else if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) errors[DOCUMENT_FILE_FIELD] = [t("documents:messages.type")];
  if (Object.keys(errors).length) return fail(errors, values);
  const body = new FormData();
  body.append("category", values.category);
  body.append("title", values.title.trim());
  body.append(DOCUMENT_FILE_FIELD, file as File, (file as File).name);
  try {
    const answer = await getUpstream(context).call("POST /api/v1/patient/uploads", { body });
    return redirectWithToast(context, PATIENT_UPLOADS_PATH, "success", successMessage(answer, t, t("documents:messages.uploaded")));
  } catch (error) {
    const failure = formFailure(context, error, t);
    return fail({ ...failure.fieldErrors, ...(failure.formErrors.length ? { "": failure.formErrors } : {}) }, values, error instanceof UpstreamError && error.status === 413 ? 413 : 400);
  }
}

/** One of the patient's documents, as the API sends it (an attachment, never cached); anything else is the not-found page. */
export async function documentFile(context: Context, id: string): Promise<Response> {
  if (!CURSOR.test(id) || Number(id) > 2147483647) throw notFound();
  try {
    const upstream = await getUpstream(context).download("GET /api/v1/patient/uploads/:id/file", { params: { id }, on401: "throw" });
    const type = upstream.headers.get("content-type") ?? "";
    if (!/^(image\/(png|jpeg|gif)|application\/pdf)$/.test(type)) {
      await upstream.body?.cancel();
      throw notFound();
    }
    const name = /filename="([A-Za-z0-9._-]+)"/.exec(upstream.headers.get("content-disposition") ?? "")?.[1] ?? `document-${id}`;
    return new Response(upstream.body, {
      status: 200,
      headers: { "Content-Type": type, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", "Content-Disposition": `attachment; filename="${name}"` },
    });
  } catch (error) {
    if (error instanceof UpstreamError && error.status !== null && error.status < 500) throw notFound();
    throw error;
  }
}
