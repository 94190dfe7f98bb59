import { Form, useNavigation, useSubmit } from "react-router";
import { SubmitButton } from "~/components/form-field";
import { SignatureMark } from "~/components/signature-mark";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { TeamFormResult } from "~/lib/team-profile.server";
import { useHydrated } from "~/lib/use-hydrated";
import { useTranslation } from "~/lib/use-translation";
import { SIGNATURE_FIELD, SIGNATURE_INPUT_ACCEPT, SIGNATURE_MAX_MB, TYPED_NAME_MAX } from "../../../api/contract/signature-rules.ts";
import type { Signature } from "../../../api/contract/signatures.ts";
import { FormProblems, resultFor, typed, useFieldError } from "./form-bits";
import { SignaturePad } from "./signature-pad";

/** Where the picture forms post: the page's action reads a multipart body by this intent (app/lib/team-profile.server.ts). */
const IMAGE_ACTION = "?intent=signatureImage";

/**
 * The profile's #signature section (issue 19; clinicians only): the signature shown on the charts they sign and the
 * prescriptions they write. The typed name is a plain form, the picture a multipart upload form — both work without
 * JavaScript; with it, a drawing pad sends the drawn PNG through the same upload.
 */
export function SignatureSection({ signature, result }: { signature: { current: Signature | null; fullName: string }; result: TeamFormResult | undefined }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submit = useSubmit();
  const named = resultFor(result, "signatureName");
  const image = resultFor(result, "signatureImage");
  const error = useFieldError(named);
  const imageError = useFieldError(image)(SIGNATURE_FIELD);
  const { current } = signature;
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const uploading = navigation.state !== "idle" && navigation.formEncType === "multipart/form-data" && (navigation.formAction ?? "").includes("signatureImage");

  const saveDrawing = (png: Blob) => {
    const form = new FormData();
    form.append(SIGNATURE_FIELD, new File([png], "signature.png", { type: "image/png" }));
    void submit(form, { method: "post", encType: "multipart/form-data", action: IMAGE_ACTION, preventScrollReset: true });
  };

  return (
    <section id="signature" aria-labelledby="signature-heading" className="flex scroll-mt-24 flex-col gap-4" data-testid="signature-section">
      <h2 id="signature-heading" className="text-xl font-semibold">
        {t("staffOps:signature.title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("staffOps:signature.intro")}</p>
      <div className="flex flex-col gap-2 rounded-lg border p-4" data-testid="signature-preview">
        <h3 className="text-lg font-semibold">{t("staffOps:signature.current")}</h3>
        {current ? <SignatureMark signature={current} alt={t("staffOps:signature.imageAlt", { name: current.typedName })} /> : <p className="text-muted-foreground">{t("staffOps:signature.none")}</p>}
        {current ? (
          <div className="flex flex-wrap gap-3">
            {current.imageUrl ? (
              <Form method="post" data-testid="signature-remove-image-form">
                <input type="hidden" name="intent" value="signatureRemoveImage" />
                <Button type="submit" variant="outline" size="sm" loading={busy("signatureRemoveImage")}>
                  {t("staffOps:signature.removeImage")}
                </Button>
              </Form>
            ) : null}
            <Form method="post" data-testid="signature-remove-form">
              <input type="hidden" name="intent" value="signatureRemove" />
              <Button type="submit" variant="destructiveGhost" size="sm" loading={busy("signatureRemove")}>
                {t("staffOps:signature.remove")}
              </Button>
            </Form>
          </div>
        ) : null}
      </div>
      <Form method="post" className="flex flex-col gap-4 rounded-lg border p-4" data-testid="signature-name-form" aria-labelledby="signature-name-title" noValidate>
        <h3 id="signature-name-title" className="text-lg font-semibold">
          {t("staffOps:signature.typedTitle")}
        </h3>
        <input type="hidden" name="intent" value="signatureName" />
        <FormProblems result={named} labels={{ typedName: { id: "signature-typed-name", label: t("staffOps:signature.typedName") } }} />
        <Input
          id="signature-typed-name"
          name="typedName"
          label={t("staffOps:signature.typedName")}
          hint={t("staffOps:signature.typedNameHint")}
          aria-required
          maxLength={TYPED_NAME_MAX}
          autoComplete="name"
          defaultValue={typed(named, "typedName", current?.typedName ?? signature.fullName)}
          error={error("typedName")}
        />
        <div>
          <SubmitButton pending={busy("signatureName")}>{t("staffOps:signature.saveName")}</SubmitButton>
        </div>
      </Form>
      <Form
        method="post"
        action={IMAGE_ACTION}
        encType="multipart/form-data"
        className="flex flex-wrap items-end gap-4 rounded-lg border p-4"
        data-testid="signature-upload-form"
        aria-labelledby="signature-upload-title"
        preventScrollReset
      >
        <h3 id="signature-upload-title" className="w-full text-lg font-semibold">
          {t("staffOps:signature.imageTitle")}
        </h3>
        <Input
          id="signature-image"
          type="file"
          name={SIGNATURE_FIELD}
          accept={SIGNATURE_INPUT_ACCEPT}
          label={t("staffOps:signature.upload")}
          hint={t("staffOps:signature.uploadHint", { mb: SIGNATURE_MAX_MB })}
          error={imageError}
          containerClassName="min-w-0 flex-1"
        />
        <SubmitButton pending={uploading}>{t("staffOps:signature.uploadButton")}</SubmitButton>
      </Form>
      {hydrated ? (
        <div className="flex flex-col gap-3 rounded-lg border p-4" data-testid="signature-draw">
          <h3 className="text-lg font-semibold">{t("staffOps:signature.drawTitle")}</h3>
          <p className="text-sm text-muted-foreground" id="signature-draw-hint">
            {t("staffOps:signature.drawHint")}
          </p>
          <SignaturePad labels={{ area: t("staffOps:signature.drawArea"), clear: t("staffOps:signature.clear"), save: t("staffOps:signature.saveDrawing") }} saving={uploading} onSave={saveDrawing} />
        </div>
      ) : null}
    </section>
  );
}
