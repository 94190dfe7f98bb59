import { Form, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { SubmitButton } from "~/components/form-field";
import { PageTitle } from "~/components/page-title";
import { ErrorSummary } from "~/components/patient-record/record-ui";
import { CursorPager, QueueEmpty } from "~/components/review-queues/queue-ui";
import { StaffStatusBadge, useFieldError } from "~/components/staff-admin/staff-admin-ui";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { formatDate } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { RouteHandle } from "~/lib/route-handle";
import { staffListAction, staffListLoader, type StaffFormResult, type StaffListFilters } from "~/lib/staff-admin.server";
import { userPath } from "~/lib/staff-admin-paths";
import { useTranslation } from "~/lib/use-translation";
import { PROFESSIONS, STAFF_ROLES } from "../../../api/contract/roles.ts";
import { STAFF_USER_STATUSES, type StaffUserSort } from "../../../api/contract/staff-admin-rules.ts";

export const handle = { title: "common:pages.settings", i18n: ["staffAdmin", "review", "patients"] } satisfies RouteHandle;

/**
 * /manager/settings (providers; issue 19): the staff list — search, role and status filters and the sort in one GET
 * form, sortable column headers as links, keyset paging — and the invite form (a plain POST; the invitee sets a
 * password through the emailed link). Decisions: api/contract/staff-admin-rules.ts.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return staffListLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return staffListAction(request, context);
}

const FIELD = (key: string) => `invite-${key}`;

function SortHeader({ field, label, filters }: { field: "fullName" | "email" | "createdAt"; label: string; filters: StaffListFilters }) {
  const location = useLocation();
  const { t } = useTranslation();
  const [current, dir] = filters.sort.split("_") as [string, "asc" | "desc"];
  const active = current === field;
  const next: StaffUserSort = active ? (`${field}_${dir === "asc" ? "desc" : "asc"}` as StaffUserSort) : field === "createdAt" ? "createdAt_desc" : (`${field}_asc` as StaffUserSort);
  const params = new URLSearchParams(location.search);
  params.delete("cursor");
  params.set("sort", next);
  return (
    <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined} className="py-2 pr-4 text-left font-medium">
      <Link to={`${location.pathname}?${params}`} className="inline-flex min-h-6 items-center gap-1 underline-offset-4 hover:underline" data-testid={`sort-${field}`}>
        {label}
        {/* A triangle drawn with borders, not a text glyph (the header's aria-sort says the order), as the patients list's. */}
        {active ? (
          <span aria-hidden="true" className={cn("ml-1 inline-block size-0 border-x-4 border-x-transparent align-middle", dir === "asc" ? "border-b-[6px] border-b-current" : "border-t-[6px] border-t-current")} />
        ) : null}
        <span className="sr-only">{t("staffAdmin:list.sortBy")}</span>
      </Link>
    </th>
  );
}

function InviteForm({ result }: { result: StaffFormResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const failed = result?.intent === "invite" ? result : undefined;
  const errors = failed?.errors ?? {};
  const error = useFieldError(errors);
  const typed = (key: string, fallback = "") => failed?.values[key] ?? fallback;
  const labels = Object.fromEntries(["email", "firstName", "lastName", "role", "profession", "locale"].map((k) => [k, { id: FIELD(k), label: t(`staffAdmin:fields.${k}`) }]));
  return (
    <section aria-labelledby="invite-title" className="flex flex-col gap-4 rounded-lg border bg-card p-4" data-testid="invite-section">
      <h2 id="invite-title" className="text-lg font-semibold">
        {t("staffAdmin:invite.title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("staffAdmin:invite.explain")}</p>
      <Form method="post" className="grid gap-4 sm:grid-cols-2" aria-labelledby="invite-title" data-testid="invite-form" noValidate>
        <input type="hidden" name="intent" value="invite" />
        <ErrorSummary errors={Object.fromEntries(Object.entries(errors).filter(([k]) => k !== ""))} labels={labels} />
        {errors[""]?.length ? (
          <p role="alert" className="col-span-full text-sm text-error" data-testid="form-error">
            {errors[""].join(" ")}
          </p>
        ) : null}
        <Input id={FIELD("email")} name="email" type="email" autoComplete="off" label={labels.email!.label} aria-required defaultValue={typed("email")} error={error("email")} containerClassName="sm:col-span-2" />
        <Input id={FIELD("firstName")} name="firstName" autoComplete="off" label={labels.firstName!.label} aria-required defaultValue={typed("firstName")} error={error("firstName")} />
        <Input id={FIELD("lastName")} name="lastName" autoComplete="off" label={labels.lastName!.label} aria-required defaultValue={typed("lastName")} error={error("lastName")} />
        <Select
          id={FIELD("role")}
          name="role"
          label={labels.role!.label}
          required
          enhance={false}
          placeholder={t("staffAdmin:fields.choose")}
          options={STAFF_ROLES.map((r) => ({ value: r, label: t(`staffAdmin:roles.${r}`) }))}
          defaultValue={typed("role")}
          error={error("role")}
        />
        <Select
          id={FIELD("profession")}
          name="profession"
          label={labels.profession!.label}
          enhance={false}
          options={[{ value: "", label: t("staffAdmin:professions.none") }, ...PROFESSIONS.map((p) => ({ value: p, label: t(`staffAdmin:professions.${p}`) }))]}
          defaultValue={typed("profession")}
          error={error("profession")}
        />
        <Select
          id={FIELD("locale")}
          name="locale"
          label={labels.locale!.label}
          hint={t("staffAdmin:invite.localeHint")}
          enhance={false}
          options={[
            { value: "en-US", label: "English" },
            { value: "es-US", label: "Español" },
          ]}
          defaultValue={typed("locale", "en-US")}
          error={error("locale")}
        />
        <div className="col-span-full">
          <SubmitButton pending={navigation.state !== "idle" && navigation.formData?.get("intent") === "invite"}>{t("staffAdmin:invite.submit")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export default function ManagerSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { users, nextCursor, paged, filters } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={handle.title} />
      <section aria-labelledby="staff-title" className="flex flex-col gap-4">
        <h2 id="staff-title" className="text-lg font-semibold">
          {t("staffAdmin:list.title")}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label={t("staffAdmin:list.filters")} data-testid="staff-filters">
          <Input id="staff-search" name="search" type="search" label={t("staffAdmin:list.search")} defaultValue={filters.search} containerClassName="min-w-56" />
          <Select
            id="staff-role"
            name="role"
            label={t("staffAdmin:fields.role")}
            enhance={false}
            options={[{ value: "", label: t("staffAdmin:list.allRoles") }, ...STAFF_ROLES.map((r) => ({ value: r, label: t(`staffAdmin:roles.${r}`) }))]}
            defaultValue={filters.role}
          />
          <Select
            id="staff-status"
            name="status"
            label={t("staffAdmin:fields.status")}
            enhance={false}
            options={[{ value: "", label: t("staffAdmin:list.allStatuses") }, ...STAFF_USER_STATUSES.map((s) => ({ value: s, label: t(`staffAdmin:status.${s}`) }))]}
            defaultValue={filters.status}
          />
          <input type="hidden" name="sort" value={filters.sort} />
          <Button type="submit" variant="secondary">
            {t("staffAdmin:list.apply")}
          </Button>
        </Form>
        {users.length === 0 ? (
          <QueueEmpty>{t("staffAdmin:list.empty")}</QueueEmpty>
        ) : (
          <div className="overflow-x-auto rounded-lg border bg-card px-4">
            <table className="w-full text-sm" data-testid="staff-table">
              <caption className="sr-only">{t("staffAdmin:list.title")}</caption>
              <thead>
                <tr className="border-b">
                  <SortHeader field="fullName" label={t("staffAdmin:fields.name")} filters={filters} />
                  <SortHeader field="email" label={t("staffAdmin:fields.email")} filters={filters} />
                  <th scope="col" className="py-2 pr-4 text-left font-medium">
                    {t("staffAdmin:fields.role")}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-left font-medium">
                    {t("staffAdmin:fields.profession")}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-left font-medium">
                    {t("staffAdmin:fields.status")}
                  </th>
                  <SortHeader field="createdAt" label={t("staffAdmin:fields.createdAt")} filters={filters} />
                </tr>
              </thead>
              <tbody>
                {users.map((u) => (
                  <tr key={u.id} className="border-b last:border-0" data-testid="staff-row" data-user-id={u.id}>
                    <th scope="row" className="py-2 pr-4 text-left font-medium">
                      <Link to={userPath(u.id)} className="text-primary underline underline-offset-4 hover:no-underline">
                        {u.fullName || u.email}
                      </Link>
                    </th>
                    <td className="py-2 pr-4 break-all">{u.email}</td>
                    <td className="py-2 pr-4">{t(`staffAdmin:roles.${u.role}`)}</td>
                    <td className="py-2 pr-4">{t(`staffAdmin:professions.${u.profession ?? "none"}`)}</td>
                    <td className="py-2 pr-4">
                      <StaffStatusBadge status={u.userStatus} />
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDate(u.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <CursorPager nextCursor={nextCursor} paged={paged} />
      </section>
      <InviteForm result={actionData} />
    </div>
  );
}
