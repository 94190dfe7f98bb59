/**
 * The clinician's signature on the web (issue 19; contract api/contract/signatures.ts): the only caller of the
 * signature endpoints. The profile's #signature section reads and changes it (app/lib/team-profile.server.ts); the
 * picture is answered at the API's own path (/api/v1/signatures/{key}) by app/routes/resources/signature.ts.
 */
import type { RouterContextProvider } from "react-router";
import type { Signature } from "../../api/contract/signatures.ts";
import { SIGNATURE_FIELD, SIGNATURE_MAX_BYTES, SIGNER_ROLES } from "../../api/contract/signature-rules.ts";
import { AVATAR_EXTENSIONS, fileExtension } from "../../api/contract/patient-account-rules.ts";
import { readLimitedFormData, TooLarge } from "./avatar-upload.server.ts";
import { getUpstream, UpstreamError } from "./upstream.server.ts";

type Context = Readonly<RouterContextProvider>;
export type { Signature };

export const isSigner = (role: string) => (SIGNER_ROLES as readonly string[]).includes(role);

export function signatureApi(context: Context) {
  const upstream = getUpstream(context);
  return {
    read: () => upstream.call("GET /api/v1/profile/signature"),
    setTypedName: (typedName: string) => upstream.call("POST /api/v1/profile/signature", { body: { typedName } }),
    uploadImage: (body: FormData) => upstream.call("POST /api/v1/profile/signature/image", { body }),
    removeImage: () => upstream.call("DELETE /api/v1/profile/signature/image"),
    remove: () => upstream.call("DELETE /api/v1/profile/signature"),
  };
}

/** What the web refuses before the picture goes upstream: a staffOps key and the status. */
export type SignatureProblem = { key: "staffOps:signature.messages.imageTooLarge" | "staffOps:signature.messages.imageMissing" | "staffOps:signature.messages.imageType"; status: 400 | 413 };

/** The upload form's picture (field `signature`) as the upstream's multipart body, or why it is refused. */
export async function readSignatureUpload(request: Request): Promise<{ body: FormData } | { problem: SignatureProblem }> {
  let form: FormData;
  try {
    form = await readLimitedFormData(request, SIGNATURE_MAX_BYTES + 64 * 1024);
  } catch (error) {
    if (error instanceof TooLarge) return { problem: { key: "staffOps:signature.messages.imageTooLarge", status: 413 } };
    return { problem: { key: "staffOps:signature.messages.imageMissing", status: 400 } };
  }
  const file = form.get(SIGNATURE_FIELD);
  if (!(file instanceof File) || file.size === 0) return { problem: { key: "staffOps:signature.messages.imageMissing", status: 400 } };
  if (file.size > SIGNATURE_MAX_BYTES) return { problem: { key: "staffOps:signature.messages.imageTooLarge", status: 413 } };
  // The drawing pad sends "signature.png"; an upload keeps its name. The API decides by content.
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return { problem: { key: "staffOps:signature.messages.imageType", status: 400 } };
  const body = new FormData();
  body.append(SIGNATURE_FIELD, file, file.name);
  return { body };
}

/** The picture at the API's path, passed on with the viewer's session; anything missing or foreign is a 404. */
export async function signatureImageResponse(context: Context, key: string): Promise<Response> {
  try {
    const upstream = await getUpstream(context).download("GET /api/v1/signatures/:key", { params: { key }, on401: "throw" });
    if (upstream.headers.get("content-type") !== "image/png") {
      await upstream.body?.cancel();
      return new Response(null, { status: 404 });
    }
    return new Response(upstream.body, { status: 200, headers: { "Content-Type": "image/png", "X-Content-Type-Options": "nosniff", "Content-Disposition": "inline" } });
  } catch (error) {
    if (error instanceof UpstreamError) return new Response(null, { status: error.status === null || error.status >= 500 ? 502 : 404 });
    throw error;
  }
}
