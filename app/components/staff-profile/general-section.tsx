import { Form, useNavigation } from "react-router";
import { timeZoneOptions, timeZoneValue } from "~/components/account/time-zones";
import { SubmitButton } from "~/components/form-field";
import { Avatar } from "~/components/ui/avatar";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { formatPhone } from "~/lib/format";
import type { TeamFormResult } from "~/lib/team-profile.server";
import { useTranslation } from "~/lib/use-translation";
import { AVATAR_FIELD, AVATAR_INPUT_ACCEPT, AVATAR_MAX_MB } from "../../../api/contract/patient-account-rules.ts";
import { FormProblems, resultFor, typed, useFieldError } from "./form-bits";

export type GeneralView = {
  firstName: string;
  lastName: string;
  phone: string | null;
  timeZone: string | null;
  utcOffsetMinutes: number;
  profession: string | null;
  avatarUrl: string | null;
  email: string;
};

/** #general (spec §2 "Account settings"): name, picture, profession (set by a manager), phone, time zone. */
export function GeneralSection({ general, result }: { general: GeneralView; result: TeamFormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = resultFor(result, "general");
  const avatar = resultFor(result, "avatar");
  const error = useFieldError(mine);
  const zone = timeZoneValue(general);
  const fullName = `${general.firstName} ${general.lastName}`.trim();
  return (
    <section id="general" aria-labelledby="general-heading" className="flex scroll-mt-24 flex-col gap-4" data-testid="general-section">
      <h2 id="general-heading" className="text-xl font-semibold">
        {t("staffOps:general.title")}
      </h2>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-4 rounded-lg border p-4" data-testid="avatar-form" aria-label={t("staffOps:general.picture")}>
        <Avatar src={general.avatarUrl ?? undefined} name={fullName} size="lg" />
        <Input
          id="team-avatar"
          type="file"
          name={AVATAR_FIELD}
          accept={AVATAR_INPUT_ACCEPT}
          label={t("staffOps:general.picture")}
          hint={t("staffOps:general.pictureHint", { mb: AVATAR_MAX_MB })}
          error={avatar?.errors[AVATAR_FIELD]?.join(" ")}
          containerClassName="min-w-0 flex-1"
        />
        <SubmitButton pending={navigation.state !== "idle" && navigation.formEncType === "multipart/form-data"}>{t("staffOps:general.upload")}</SubmitButton>
      </Form>
      <Form method="post" className="flex flex-col gap-4 rounded-lg border p-4" data-testid="general-form" aria-labelledby="general-form-title" noValidate>
        <h3 id="general-form-title" className="text-lg font-semibold">
          {t("staffOps:general.details")}
        </h3>
        <input type="hidden" name="intent" value="general" />
        <FormProblems
          result={mine}
          labels={{
            firstName: { id: "team-first-name", label: t("staffOps:general.firstName") },
            lastName: { id: "team-last-name", label: t("staffOps:general.lastName") },
            phone: { id: "team-phone", label: t("staffOps:general.phone") },
            timeZone: { id: "team-time-zone", label: t("staffOps:general.timeZone") },
            utcOffsetMinutes: { id: "team-time-zone", label: t("staffOps:general.timeZone") },
          }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input id="team-first-name" name="firstName" label={t("staffOps:general.firstName")} aria-required autoComplete="given-name" defaultValue={typed(mine, "firstName", general.firstName)} error={error("firstName")} />
          <Input id="team-last-name" name="lastName" label={t("staffOps:general.lastName")} aria-required autoComplete="family-name" defaultValue={typed(mine, "lastName", general.lastName)} error={error("lastName")} />
          <Input id="team-phone" type="tel" name="phone" label={t("staffOps:general.phone")} autoComplete="tel" defaultValue={typed(mine, "phone", general.phone ? formatPhone(general.phone) : "")} error={error("phone")} />
          <Select id="team-time-zone" name="timeZone" label={t("staffOps:general.timeZone")} options={timeZoneOptions(t, zone)} defaultValue={typed(mine, "timeZone", zone)} error={error("timeZone") ?? error("utcOffsetMinutes")} />
        </div>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">{t("staffOps:general.profession")}</dt>
            <dd data-testid="general-profession">{general.profession ? t(`tasks:profession.${general.profession}`) : t("staffOps:general.noProfession")}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("staffOps:general.email")}</dt>
            <dd>{general.email}</dd>
          </div>
        </dl>
        <p className="text-sm text-muted-foreground">{t("staffOps:general.professionHint")}</p>
        <div>
          <SubmitButton pending={navigation.state !== "idle" && navigation.formData?.get("intent") === "general"}>{t("staffOps:general.save")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
