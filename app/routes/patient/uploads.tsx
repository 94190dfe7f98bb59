import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/uploads";
import { SubmitButton } from "~/components/form-field";
import { PageTitle } from "~/components/page-title";
import { ErrorSummary } from "~/components/patient-record/record-ui";
import { Badge } from "~/components/ui/badge";
import { Input } from "~/components/ui/input";
import { RadioGroup } from "~/components/ui/radio";
import { documentsLoader, uploadDocumentAction, type DocumentFormResult, type PatientDocument } from "~/lib/documents.server";
import { formatDate } from "~/lib/format";
import { translateMessage } from "~/lib/i18n";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";
import { DOCUMENT_ACCEPT, DOCUMENT_CATEGORY_IDS, DOCUMENT_FILE_FIELD, DOCUMENT_TITLE_MAX, PATIENT_UPLOADS_PATH } from "../../../api/contract/document-rules.ts";

export const handle = { title: "common:pages.patientUploads", i18n: ["documents", "patients"] } satisfies RouteHandle;

/** /patient/uploads (issue 18): the patient's documents by category, the upload form, a download link on each. */
export function loader({ request, context }: Route.LoaderArgs) {
  return documentsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return uploadDocumentAction(request, context);
}

function CategoryFilter({ current }: { current: number | null }) {
  const { t } = useTranslation();
  const items: [string, number | null][] = [[t("documents:filter.all"), null], ...DOCUMENT_CATEGORY_IDS.map((c): [string, number] => [t(`documents:categories.${c}`), c])];
  return (
    <nav aria-label={t("documents:filter.label")}>
      <ul className="flex flex-wrap gap-2">
        {items.map(([label, c]) => (
          <li key={c ?? "all"}>
            <Link
              to={c === null ? PATIENT_UPLOADS_PATH : `${PATIENT_UPLOADS_PATH}?category=${c}`}
              aria-current={current === c ? "page" : undefined}
              className={cn("inline-flex min-h-9 items-center rounded-full border px-3 text-sm", current === c ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted")}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function DocumentItem({ doc }: { doc: PatientDocument }) {
  const { t } = useTranslation();
  const name = doc.title || doc.fileName;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-t py-2 first:border-t-0" data-testid="document-row" data-document-id={doc.id}>
      <div className="flex min-w-0 flex-col">
        <span className="font-medium break-words">{name}</span>
        <span className="text-sm text-muted-foreground">
          {formatDate(doc.createdAt)} · {t(doc.uploadedBy === "patient" ? "documents:list.uploadedByYou" : "documents:list.uploadedByStaff")} ·{" "}
          {t("documents:list.size", { size: Math.max(1, Math.round(doc.sizeBytes / 1024)) })}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <Badge variant={doc.status === "completed" ? "success" : "warning"}>{t(doc.status === "completed" ? "documents:list.completed" : "documents:list.forReview")}</Badge>
        <a href={doc.url} download className="text-sm text-primary underline underline-offset-4 hover:no-underline" aria-label={t("documents:list.download", { name })}>
          {t("documents:list.downloadShort")}
        </a>
      </div>
    </li>
  );
}

function UploadForm({ result }: { result: DocumentFormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const errors = result?.errors ?? {};
  const error = (key: string) => (errors[key]?.length ? errors[key]!.map((m) => translateMessage(t, m)).join(" ") : undefined);
  const formError = errors[""];
  return (
    <Form method="post" encType="multipart/form-data" className="grid max-w-xl gap-4 rounded-lg border bg-card p-4" aria-labelledby="upload-form-title" data-testid="upload-form" noValidate>
      <h2 id="upload-form-title" className="text-lg font-semibold">
        {t("documents:form.title")}
      </h2>
      <ErrorSummary
        errors={Object.fromEntries(Object.entries(errors).filter(([k]) => k !== ""))}
        labels={{
          category: { id: "document-category", label: t("documents:form.category") },
          title: { id: "document-title", label: t("documents:form.titleField") },
          [DOCUMENT_FILE_FIELD]: { id: "document-file", label: t("documents:form.file") },
        }}
      />
      {formError?.length ? (
        <p role="alert" className="text-sm text-error" data-testid="form-error">
          {formError.map((m) => translateMessage(t, m)).join(" ")}
        </p>
      ) : null}
      <RadioGroup
        id="document-category"
        name="category"
        legend={t("documents:form.category")}
        required
        options={DOCUMENT_CATEGORY_IDS.map((c) => ({ value: String(c), label: t(`documents:categories.${c}`) }))}
        defaultValue={result?.values.category ?? ""}
        error={error("category")}
      />
      <Input id="document-title" name="title" label={t("documents:form.titleField")} hint={t("documents:form.titleHint")} maxLength={DOCUMENT_TITLE_MAX} defaultValue={result?.values.title ?? ""} error={error("title")} />
      <Input id="document-file" name={DOCUMENT_FILE_FIELD} type="file" accept={DOCUMENT_ACCEPT} label={t("documents:form.file")} hint={t("documents:form.fileHint")} aria-required error={error(DOCUMENT_FILE_FIELD)} />
      <div>
        <SubmitButton pending={navigation.state === "submitting" && navigation.formAction?.startsWith(PATIENT_UPLOADS_PATH)}>{t("documents:form.submit")}</SubmitButton>
      </div>
    </Form>
  );
}

export default function PatientUploads({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { documents, nextCursor, category, paged } = loaderData;
  const result = actionData as DocumentFormResult | undefined;
  const categories = category === null ? DOCUMENT_CATEGORY_IDS.filter((c) => documents.some((d) => d.category === c)) : [category];
  const base = category === null ? PATIENT_UPLOADS_PATH : `${PATIENT_UPLOADS_PATH}?category=${category}`;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <PageTitle title={handle.title} />
        <p className="text-sm text-muted-foreground">{t("documents:intro")}</p>
      </header>
      <CategoryFilter current={category} />
      {documents.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="documents-none">
          {t(category === null ? "documents:list.none" : "documents:list.noneInCategory")}
        </p>
      ) : (
        categories.map((c) => (
          <section key={c} aria-labelledby={`documents-${c}`} className="flex flex-col gap-2 rounded-lg border bg-card p-4" data-testid="document-category" data-category={c}>
            <h2 id={`documents-${c}`} className="text-base font-semibold">
              {t(`documents:categories.${c}`)}
            </h2>
            <ul>
              {documents
                .filter((d) => d.category === c)
                .map((d) => (
                  <DocumentItem key={d.id} doc={d} />
                ))}
            </ul>
          </section>
        ))
      )}
      {nextCursor || paged ? (
        <p className="flex gap-4 text-sm">
          {paged ? (
            <Link to={base} className="text-primary underline underline-offset-4">
              {t("documents:list.newest")}
            </Link>
          ) : null}
          {nextCursor ? (
            <Link to={`${base}${base.includes("?") ? "&" : "?"}cursor=${nextCursor}`} className="text-primary underline underline-offset-4">
              {t("documents:list.older")}
            </Link>
          ) : null}
        </p>
      ) : null}
      <UploadForm result={result} />
    </div>
  );
}
