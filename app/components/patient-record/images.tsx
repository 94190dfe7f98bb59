import { useTranslation } from "~/lib/use-translation";
import type { PatientOverview } from "../../../api/contract/patients.ts";

type Image = PatientOverview["idPhoto"];

/**
 * The record's images (ID photo, selfie, insurance card front and back): served by the web's resource route at
 * the URL the API hands out, for staff allowed on this patient only, never cached (app/lib/patients.server.ts).
 */
export function RecordImage({ image, label }: { image: Image; label: string }) {
  const { t } = useTranslation();
  return (
    <figure className="flex flex-col gap-1">
      {image ? (
        <a href={image.url} className="block w-fit">
          <img src={image.url} alt={image.title && image.title !== label ? t("patients:images.alt", { label, title: image.title }) : label} width={240} height={150} loading="lazy" className="h-[150px] w-[240px] rounded-md border object-cover" />
        </a>
      ) : (
        <div className="flex h-[150px] w-[240px] items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">
          {t("patients:images.none")}
        </div>
      )}
      <figcaption className="text-sm">{label}</figcaption>
    </figure>
  );
}
