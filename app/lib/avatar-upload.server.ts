import { AVATAR_EXTENSIONS, AVATAR_FIELD, AVATAR_MAX_BYTES, fileExtension } from "../../api/contract/patient-account-rules.ts";

/**
 * The profile picture form's multipart body, read on the web server before anything goes upstream (spec §5
 * uploads): at most the picture's limit plus the framing is kept, and the file is checked for presence, size and
 * extension; the API checks it again by content.
 */
export class TooLarge extends Error {}

/** Room for the multipart framing and the other fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** Past this the upload is not read any further (the connection is closed on the sender). */
const DRAIN_LIMIT = 64 * 1024 * 1024;

export const isMultipart = (request: Request) => (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");

/**
 * Reads a multipart body, keeping at most `limit` bytes: beyond that the rest is read and dropped (up to
 * DRAIN_LIMIT, so the browser gets the answer rather than a reset connection) and TooLarge is thrown.
 */
export async function readLimitedFormData(request: Request, limit: number): Promise<FormData> {
  if (Number(request.headers.get("content-length") ?? 0) > DRAIN_LIMIT) throw new TooLarge();
  const reader = request.body?.getReader();
  if (!reader) return new FormData();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > DRAIN_LIMIT) {
      await reader.cancel();
      break;
    }
    if (total <= limit) chunks.push(value);
  }
  if (total > limit) throw new TooLarge();
  const body = new Blob(chunks as BlobPart[]);
  return new Request(request.url, { method: "POST", headers: { "content-type": request.headers.get("content-type") ?? "" }, body }).formData();
}

/** What the web refuses before the upload goes upstream: the account:upstream.* key and the status. */
export type AvatarProblem = { key: "account:upstream.avatarTooLarge" | "account:upstream.avatarMissing" | "account:upstream.avatarType"; status: 400 | 413 };

/** The picture of the form as the upstream's multipart body (field `avatar`), or why it is refused. */
export async function readAvatarUpload(request: Request): Promise<{ body: FormData } | { problem: AvatarProblem }> {
  let formData: FormData;
  try {
    formData = await readLimitedFormData(request, AVATAR_MAX_BYTES + MULTIPART_OVERHEAD);
  } catch (error) {
    if (error instanceof TooLarge) return { problem: { key: "account:upstream.avatarTooLarge", status: 413 } };
    return { problem: { key: "account:upstream.avatarMissing", status: 400 } };
  }
  const file = formData.get(AVATAR_FIELD);
  if (!(file instanceof File) || file.size === 0) return { problem: { key: "account:upstream.avatarMissing", status: 400 } };
  if (file.size > AVATAR_MAX_BYTES) return { problem: { key: "account:upstream.avatarTooLarge", status: 413 } };
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return { problem: { key: "account:upstream.avatarType", status: 400 } };
  const body = new FormData();
  body.append(AVATAR_FIELD, file, file.name);
  return { body };
}
