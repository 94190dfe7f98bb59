import { Form, useNavigation } from "react-router";
import { SubmitButton } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import type { Licenses, TeamFormResult } from "~/lib/team-profile.server";
import { useTranslation } from "~/lib/use-translation";
import { LICENSE_NUMBER_MAX, LICENSE_TYPES, US_STATES } from "../../../api/contract/license-rules.ts";
import { FormProblems, resultFor, typed, useFieldError, usDate } from "./form-bits";

type License = Licenses["licenses"][number];

const STATUS_VARIANT = { active: "success", expiringSoon: "warning", expired: "error" } as const;

function LicenseFields({ prefix, license, result, doctors }: { prefix: string; license?: License; result: TeamFormResult | undefined; doctors: Licenses["doctors"] }) {
  // The edit forms (one per license) keep the native select: a filterable combobox each would weigh on a long list.
  const { t } = useTranslation();
  const error = useFieldError(result);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select
        id={`${prefix}-state`}
        name="state"
        label={t("staffOps:licenses.state")}
        required
        placeholder={t("staffOps:licenses.choose")}
        options={US_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))}
        defaultValue={typed(result, "state", license?.state ?? "")}
        error={error("state")}
        enhance={!license}
      />
      <Select
        id={`${prefix}-type`}
        name="licenseType"
        label={t("staffOps:licenses.type")}
        required
        placeholder={t("staffOps:licenses.choose")}
        options={LICENSE_TYPES.map((v) => ({ value: v, label: t(`staffOps:licenseTypes.${v}`) }))}
        defaultValue={typed(result, "licenseType", license?.licenseType ?? "")}
        error={error("licenseType")}
        enhance={false}
      />
      <Input id={`${prefix}-number`} name="licenseNumber" label={t("staffOps:licenses.number")} aria-required maxLength={LICENSE_NUMBER_MAX} defaultValue={typed(result, "licenseNumber", license?.licenseNumber ?? "")} error={error("licenseNumber")} />
      <Input id={`${prefix}-expires`} type="date" name="expiresOn" label={t("staffOps:licenses.expiresOn")} aria-required defaultValue={typed(result, "expiresOn", license?.expiresOn ?? "")} error={error("expiresOn")} />
      <Select
        id={`${prefix}-doctor`}
        name="collaboratingDoctorId"
        label={t("staffOps:licenses.doctor")}
        hint={t("staffOps:licenses.doctorHint")}
        placeholder={t("staffOps:licenses.noDoctor")}
        deselectable
        options={doctors.map((d) => ({ value: String(d.id), label: d.fullName }))}
        defaultValue={typed(result, "collaboratingDoctorId", license?.collaboratingDoctor ? String(license.collaboratingDoctor.id) : "")}
        error={error("collaboratingDoctorId")}
        enhance={false}
      />
    </div>
  );
}

function labelsFor(prefix: string, t: (k: string) => string) {
  return {
    state: { id: `${prefix}-state`, label: t("staffOps:licenses.state") },
    licenseType: { id: `${prefix}-type`, label: t("staffOps:licenses.type") },
    licenseNumber: { id: `${prefix}-number`, label: t("staffOps:licenses.number") },
    expiresOn: { id: `${prefix}-expires`, label: t("staffOps:licenses.expiresOn") },
    collaboratingDoctorId: { id: `${prefix}-doctor`, label: t("staffOps:licenses.doctor") },
  };
}

/** #licenses (spec §3 License: state, type, license ID, expiry, collaboration doctor, owner): add, edit, remove. */
export function LicensesSection({ licenses, result }: { licenses: Licenses; result: TeamFormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const adding = resultFor(result, "addLicense");
  const busy = (intent: string, id?: number) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent && (id === undefined || navigation.formData?.get("licenseId") === String(id));
  const flagged = licenses.licenses.filter((l) => l.status !== "active").length;
  return (
    <section id="licenses" aria-labelledby="licenses-heading" className="flex scroll-mt-24 flex-col gap-4" data-testid="licenses-section">
      <div className="flex flex-col gap-1">
        <h2 id="licenses-heading" className="text-xl font-semibold">
          {t("staffOps:licenses.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("staffOps:licenses.intro", { name: licenses.owner.fullName })}</p>
      </div>
      {flagged > 0 ? (
        <p className="rounded-md border border-warning/40 bg-warning-subtle px-4 py-3 text-sm text-warning" data-testid="licenses-warning">
          {t("staffOps:licenses.flagged", { count: flagged })}
        </p>
      ) : null}
      {licenses.licenses.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("staffOps:licenses.none")}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t("staffOps:licenses.listLabel")}>
          {licenses.licenses.map((l) => {
            const editing = resultFor(result, "editLicense", l.id);
            return (
              <li key={l.id} className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="license-row" data-license-id={l.id} data-state={l.state} data-status={l.status}>
                <div className="flex flex-wrap items-center gap-3">
                  <h3 className="font-semibold">{t("staffOps:licenses.heading", { state: l.state, type: l.licenseType })}</h3>
                  <Badge variant={STATUS_VARIANT[l.status]} dot data-testid="license-status">
                    {t(`staffOps:licenseStatus.${l.status}`, { count: l.daysLeft })}
                  </Badge>
                </div>
                <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-muted-foreground">{t("staffOps:licenses.number")}</dt>
                    <dd>{l.licenseNumber}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t("staffOps:licenses.expiresOn")}</dt>
                    <dd className="tabular-nums">{usDate(l.expiresOn)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t("staffOps:licenses.doctor")}</dt>
                    <dd>{l.collaboratingDoctor?.fullName ?? "—"}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t("staffOps:licenses.owner")}</dt>
                    <dd>{l.owner.fullName}</dd>
                  </div>
                </dl>
                <div className="flex flex-wrap items-start gap-3">
                  <details open={Boolean(editing)} className="min-w-0 flex-1">
                    <summary className="cursor-pointer text-sm font-medium text-primary">{t("staffOps:licenses.edit")}</summary>
                    <Form method="post" className="mt-3 flex flex-col gap-4" data-testid="license-edit-form" noValidate aria-label={t("staffOps:licenses.editLabel", { state: l.state, type: l.licenseType })}>
                      <input type="hidden" name="intent" value="editLicense" />
                      <input type="hidden" name="licenseId" value={l.id} />
                      <FormProblems result={editing} labels={labelsFor(`license-${l.id}`, t)} />
                      <LicenseFields prefix={`license-${l.id}`} license={l} result={editing} doctors={licenses.doctors} />
                      <div>
                        <SubmitButton pending={busy("editLicense", l.id)}>{t("staffOps:licenses.save")}</SubmitButton>
                      </div>
                    </Form>
                  </details>
                  <Form method="post" data-testid="license-remove-form">
                    <input type="hidden" name="intent" value="removeLicense" />
                    <input type="hidden" name="licenseId" value={l.id} />
                    <Button type="submit" variant="destructiveGhost" size="sm" disabled={busy("removeLicense", l.id)}>
                      {t("staffOps:licenses.remove")}
                      <span className="sr-only"> {t("staffOps:licenses.heading", { state: l.state, type: l.licenseType })}</span>
                    </Button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Form method="post" className="flex flex-col gap-4 rounded-lg border p-4" data-testid="license-add-form" aria-labelledby="license-add-title" noValidate>
        <h3 id="license-add-title" className="text-lg font-semibold">
          {t("staffOps:licenses.addTitle")}
        </h3>
        <input type="hidden" name="intent" value="addLicense" />
        <FormProblems result={adding} labels={labelsFor("license-new", t)} />
        <LicenseFields prefix="license-new" result={adding} doctors={licenses.doctors} />
        <div>
          <SubmitButton pending={busy("addLicense")}>{t("staffOps:licenses.add")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
