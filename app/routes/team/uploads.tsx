import type { Route } from "./+types/uploads";
import { Form, Link, useNavigation } from "react-router";
import { Intent } from "~/components/account/section";
import { PageTitle } from "~/components/page-title";
import { CursorPager, QueueEmpty, ZoneNote } from "~/components/review-queues/queue-ui";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { areaOf } from "~/lib/area";
import { formatDate } from "~/lib/format";
import { translateMessage } from "~/lib/i18n";
import { uploadsAction, uploadsLoader, type ReviewUpload, type UploadActionResult } from "~/lib/review-queues.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { DOCUMENT_CATEGORY_VALUES, UPLOAD_STATUSES } from "../../../api/contract/enums.ts";

export const handle = { title: "common:pages.uploads", i18n: ["review"] } satisfies RouteHandle;

/** /staff/uploads and /manager/uploads (spec §2, §3, §4): documents waiting for review, with a preview. */
export function loader({ request, context }: Route.LoaderArgs) {
  return uploadsLoader(request, context, areaOf(new URL(request.url).pathname));
}

/** Mark an upload completed (or back to review), or set its visibility to the patient. */
export function action({ request, context }: Route.ActionArgs) {
  return uploadsAction(request, context);
}

/** Is this upload's form with `intent` being submitted right now? (JavaScript only.) */
function useSubmitting(intent: string, uploadId: number): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData.get("uploadId") === String(uploadId);
}

const select = "h-10 rounded-md border border-input bg-background px-3 text-sm";

function UploadCard({ upload, area, result, utcOffsetMinutes }: { upload: ReviewUpload; area: string; result: UploadActionResult | undefined; utcOffsetMinutes: number }) {
  const { t } = useTranslation();
  const reviewing = useSubmitting("review", upload.id);
  const saving = useSubmitting("visibility", upload.id);
  const title = upload.title || t("review:uploads.untitled");
  const mine = result?.uploadId === upload.id ? result : undefined;
  const errors = mine ? Object.values(mine.reply.error ?? {}).flatMap((e) => e ?? []) : [];
  const headingId = `upload-${upload.id}-title`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row" data-testid="upload-row" data-upload-id={upload.id} aria-labelledby={headingId}>
      <div className="flex h-40 w-full shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted sm:w-48">
        {upload.isImage ? (
          <img src={upload.url} alt={t("review:uploads.preview", { title })} loading="lazy" className="max-h-full max-w-full object-contain" />
        ) : (
          <a href={upload.url} className="px-2 text-center text-sm text-primary underline underline-offset-4">
            {t("review:uploads.openFile", { name: upload.fileName })}
          </a>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
          <Badge variant="primary">{t(`review:uploads.categoryValue.${upload.category}`)}</Badge>
          <Badge variant={upload.status === "completed" ? "success" : "warning"} data-testid="upload-status">
            {t(`review:uploads.statusValue.${upload.status}`)}
          </Badge>
        </div>
        <p className="text-sm">
          <span className="text-muted-foreground">{t("review:uploads.patient")}: </span>
          <Link to={`/${area}/patients/${upload.patient.id}/uploads`} className="font-medium text-primary underline-offset-4 hover:underline">
            {upload.patient.fullName}
          </Link>
          <span className="text-muted-foreground"> · {t("review:uploads.uploaded", { date: formatDate(upload.createdAt, { withTime: true, t, utcOffsetMinutes }) })}</span>
        </p>
        {errors.length ? (
          <p role="alert" className="text-sm text-error">
            {errors.map((e) => translateMessage(t, e)).join(" ")}
          </p>
        ) : null}
        <div className="flex flex-wrap items-end gap-4">
          <Form method="post" className="flex items-end gap-2" data-testid="visibility-form">
            <Intent value="visibility" />
            <input type="hidden" name="uploadId" value={upload.id} />
            <div className="grid gap-1">
              <label htmlFor={`visibility-${upload.id}`} className="text-sm font-medium">
                {t("review:uploads.visibility")}
              </label>
              <select id={`visibility-${upload.id}`} name="visibility" defaultValue={String(upload.visibility)} className={select}>
                {[1, 0].map((v) => (
                  <option key={v} value={v}>
                    {t(`review:uploads.visibilityValue.${v}`)}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="outline" loading={saving}>
              {t("review:uploads.saveVisibility")}
            </Button>
          </Form>
          <Form method="post" data-testid="review-form">
            <Intent value="review" />
            <input type="hidden" name="uploadId" value={upload.id} />
            <input type="hidden" name="status" value={upload.status === "completed" ? "for_review" : "completed"} />
            <Button type="submit" variant={upload.status === "completed" ? "outline" : "primary"} loading={reviewing} data-testid="mark-completed">
              {upload.status === "completed" ? t("review:uploads.markForReview") : t("review:uploads.markCompleted")}
            </Button>
          </Form>
        </div>
      </div>
    </li>
  );
}

export default function TeamUploads({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { area, items, status, category, nextCursor, paged } = loaderData;
  const result = actionData as UploadActionResult | undefined;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("review:uploads.intro")}</p>
        <ZoneNote utcOffsetMinutes={loaderData.utcOffsetMinutes} zoneName={loaderData.zoneName} />
      </div>
      <Form method="get" aria-label={t("review:uploads.filterLabel")} className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor="uploads-status" className="text-sm font-medium">
            {t("review:uploads.status")}
          </label>
          <select id="uploads-status" name="status" defaultValue={status} className={select}>
            {UPLOAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`review:uploads.statusValue.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="uploads-category" className="text-sm font-medium">
            {t("review:uploads.category")}
          </label>
          <select id="uploads-category" name="category" defaultValue={category === null ? "" : String(category)} className={select}>
            <option value="">{t("review:uploads.allCategories")}</option>
            {DOCUMENT_CATEGORY_VALUES.map((c) => (
              <option key={c} value={c}>
                {t(`review:uploads.categoryValue.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          {t("review:uploads.filter")}
        </Button>
      </Form>
      {items.length === 0 ? (
        <QueueEmpty>{t("review:uploads.empty")}</QueueEmpty>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t("review:uploads.listLabel")} data-testid="uploads-list">
          {items.map((upload) => (
            <UploadCard key={upload.id} upload={upload} area={area} result={result} utcOffsetMinutes={loaderData.utcOffsetMinutes} />
          ))}
        </ul>
      )}
      <CursorPager nextCursor={nextCursor} paged={paged} />
    </div>
  );
}
