import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/settings-user";
import { SubmitButton } from "~/components/form-field";
import { PageTitle } from "~/components/page-title";
import { ErrorSummary } from "~/components/patient-record/record-ui";
import { StaffStatusBadge, useFieldError } from "~/components/staff-admin/staff-admin-ui";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { formatDate } from "~/lib/format";
import type { RouteHandle } from "~/lib/route-handle";
import { staffUserAction, staffUserLoader, type StaffFormResult, type StaffUser } from "~/lib/staff-admin.server";
import { SETTINGS_PATH, userPath } from "~/lib/staff-admin-paths";
import { useTranslation } from "~/lib/use-translation";
import { PROFESSIONS, STAFF_ROLES } from "../../../api/contract/roles.ts";

export const handle = { title: "common:pages.settingsUser", i18n: ["staffAdmin", "patients"] } satisfies RouteHandle;

/**
 * /manager/settings/{userId} (providers; issue 19): one staff user — edit name, profession and role (a plain POST with
 * the error summary), and the account actions the API allows now (api/domain/staff-users.ts): suspend and deactivate
 * behind a confirmation that is a page state (`?confirm=suspend|deactivate`, works without JavaScript), unsuspend
 * ("Restore") and resend the invitation at once.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return staffUserLoader(request, context, params.userId);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return staffUserAction(request, context, params.userId);
}

const FIELD = (key: string) => `user-${key}`;

function EditForm({ user, result }: { user: StaffUser; result: StaffFormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const failed = result?.intent === "update" ? result : undefined;
  const errors = failed?.errors ?? {};
  const error = useFieldError(errors);
  const typed = (key: string, fallback: string) => failed?.values[key] ?? fallback;
  const labels = Object.fromEntries(["firstName", "lastName", "profession", "role"].map((k) => [k, { id: FIELD(k), label: t(`staffAdmin:fields.${k}`) }]));
  return (
    <section aria-labelledby="edit-title" className="flex flex-col gap-4 rounded-lg border bg-card p-4" data-testid="edit-section">
      <h2 id="edit-title" className="text-lg font-semibold">
        {t("staffAdmin:edit.title")}
      </h2>
      <Form method="post" className="grid gap-4 sm:grid-cols-2" aria-labelledby="edit-title" data-testid="edit-form" noValidate>
        <input type="hidden" name="intent" value="update" />
        <ErrorSummary errors={Object.fromEntries(Object.entries(errors).filter(([k]) => k !== ""))} labels={labels} />
        {errors[""]?.length ? (
          <p role="alert" className="col-span-full text-sm text-error" data-testid="form-error">
            {errors[""].join(" ")}
          </p>
        ) : null}
        <Input id={FIELD("firstName")} name="firstName" autoComplete="off" label={labels.firstName!.label} aria-required defaultValue={typed("firstName", user.firstName)} error={error("firstName")} />
        <Input id={FIELD("lastName")} name="lastName" autoComplete="off" label={labels.lastName!.label} aria-required defaultValue={typed("lastName", user.lastName)} error={error("lastName")} />
        <Select
          id={FIELD("profession")}
          name="profession"
          label={labels.profession!.label}
          enhance={false}
          options={[{ value: "", label: t("staffAdmin:professions.none") }, ...PROFESSIONS.map((p) => ({ value: p, label: t(`staffAdmin:professions.${p}`) }))]}
          defaultValue={typed("profession", user.profession ?? "")}
          error={error("profession")}
        />
        {user.roleEditable ? (
          <Select
            id={FIELD("role")}
            name="role"
            label={labels.role!.label}
            required
            enhance={false}
            options={STAFF_ROLES.map((r) => ({ value: r, label: t(`staffAdmin:roles.${r}`) }))}
            defaultValue={typed("role", user.role)}
            error={error("role")}
          />
        ) : (
          <div className="grid content-start gap-1" data-testid="role-locked">
            <input type="hidden" name="role" value={user.role} />
            <span className="text-sm font-medium">{labels.role!.label}</span>
            <span className="text-sm">{t(`staffAdmin:roles.${user.role}`)}</span>
            <span className="text-sm text-muted-foreground">{t("staffAdmin:edit.lastManager")}</span>
          </div>
        )}
        <div className="col-span-full">
          <SubmitButton pending={navigation.state !== "idle" && navigation.formData?.get("intent") === "update"}>{t("staffAdmin:edit.submit")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function AccountActions({ user, confirming, result }: { user: StaffUser; confirming: "suspend" | "deactivate" | null; result: StaffFormResult | undefined }) {
  const { t } = useTranslation();
  const failed = result && result.intent !== "update" ? result : undefined;
  return (
    <section aria-labelledby="account-title" className="flex flex-col gap-4 rounded-lg border bg-card p-4" data-testid="account-section">
      <h2 id="account-title" className="text-lg font-semibold">
        {t("staffAdmin:actions.title")}
      </h2>
      {failed?.errors[""]?.length ? (
        <p role="alert" className="text-sm text-error" data-testid="form-error">
          {failed.errors[""].join(" ")}
        </p>
      ) : null}
      {confirming ? (
        <div role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-text" className="flex flex-col gap-3 rounded-md border border-error bg-error-subtle p-4" data-testid="confirm-box">
          <h3 id="confirm-title" className="font-semibold">
            {t(`staffAdmin:actions.confirm.${confirming}.title`, { name: user.fullName })}
          </h3>
          <p id="confirm-text" className="text-sm">
            {t(`staffAdmin:actions.confirm.${confirming}.text`)}
          </p>
          <div className="flex flex-wrap gap-3">
            <Form method="post" action={userPath(user.id)}>
              <input type="hidden" name="intent" value={confirming} />
              <Button type="submit" variant="destructive" data-testid="confirm-yes">
                {t(`staffAdmin:actions.confirm.${confirming}.yes`)}
              </Button>
            </Form>
            <Link to={userPath(user.id)} className={buttonVariants({ variant: "outline" })}>
              {t("staffAdmin:actions.confirm.cancel")}
            </Link>
          </div>
        </div>
      ) : null}
      {user.actions.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="no-actions">
          {t("staffAdmin:actions.none")}
        </p>
      ) : (
        <div className="flex flex-wrap gap-3">
          {user.actions.map((action) =>
            action === "suspend" || action === "deactivate" ? (
              <Link key={action} to={`${userPath(user.id)}?confirm=${action}`} className={buttonVariants({ variant: action === "deactivate" ? "destructiveGhost" : "outline" })} data-testid={`action-${action}`}>
                {t(`staffAdmin:actions.${action}`)}
              </Link>
            ) : (
              <Form key={action} method="post">
                <input type="hidden" name="intent" value={action} />
                <Button type="submit" variant="outline" data-testid={`action-${action}`}>
                  {t(`staffAdmin:actions.${action}`)}
                </Button>
              </Form>
            ),
          )}
        </div>
      )}
    </section>
  );
}

export default function ManagerSettingsUser({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, confirming } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={handle.title} />
      <p>
        <Link to={SETTINGS_PATH} className="text-sm text-primary underline underline-offset-4 hover:no-underline">
          {t("staffAdmin:user.back")}
        </Link>
      </p>
      <section aria-labelledby="user-title" className="flex flex-col gap-2" data-testid="user-summary">
        <h2 id="user-title" className="text-xl font-semibold" data-testid="user-name">
          {user.fullName || user.email}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-muted-foreground">{t("staffAdmin:fields.email")}</dt>
          <dd className="break-all">{user.email}</dd>
          <dt className="font-medium text-muted-foreground">{t("staffAdmin:fields.role")}</dt>
          <dd data-testid="user-role">{t(`staffAdmin:roles.${user.role}`)}</dd>
          <dt className="font-medium text-muted-foreground">{t("staffAdmin:fields.status")}</dt>
          <dd>
            <StaffStatusBadge status={user.userStatus} />
          </dd>
          <dt className="font-medium text-muted-foreground">{t("staffAdmin:fields.createdAt")}</dt>
          <dd>{formatDate(user.createdAt)}</dd>
        </dl>
      </section>
      <AccountActions user={user} confirming={confirming} result={actionData} />
      <EditForm user={user} result={actionData} />
    </div>
  );
}
