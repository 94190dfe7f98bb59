import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { AccessGrant, PatientAccess, StaffRef } from "../../../api/contract/patient-access.ts";
import { UserPicker } from "~/components/tasks/user-picker";
import type { Person } from "~/components/tasks/task-model";
import { Avatar } from "~/components/ui/avatar";
import { Button, buttonVariants } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { formatDate } from "~/lib/format";
import { translateMessage } from "~/lib/i18n";
import type { AccessActionData, AccessPageData } from "~/lib/patient-access.server";
import { useTranslation } from "~/lib/use-translation";

type T = ReturnType<typeof useTranslation>["t"];

const ACTION_KEYS = new Set([
  "user.read",
  "users.list",
  "patient.access.read",
  "patient.access.grant",
  "patient.access.revoke",
  "patient.accessLog.read",
  "search.global",
  "tasks.list",
  "task.read",
  "task.create",
  "task.update",
  "task.delete",
  "task.comment",
  "chat.read",
  "treatment.read",
]);
const ROLE_KEYS = new Set(["patients", "providers", "providerUsers", "customerSupport", "customerSupportManagers", "medicalSupport", "medicalSupportManagers", "guest"]);

const roleText = (t: T, role: string) => (ROLE_KEYS.has(role) ? t(`access:roles.${role}`) : role);
/** An audit action in words; an action this page does not know yet shows as written. */
const actionText = (t: T, action: string) => (ACTION_KEYS.has(action) ? t(`access:actions.${action}`) : action);

function StaffCell({ staff }: { staff: StaffRef }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Avatar name={staff.fullName} src={staff.avatarUrl} size="xs" decorative />
      <span className="min-w-0">
        <span className="block truncate font-medium">{staff.fullName}</span>
        <span className="block truncate text-xs text-muted-foreground">{staff.email}</span>
      </span>
    </span>
  );
}

const th = "px-3 py-2 font-medium text-muted-foreground";
const td = "px-3 py-2 align-top";

/**
 * The access-management tab (spec §2, §6): staff with access (assigned providers and grants, with who granted
 * and when), dependent staff, the grant form (a staff picker that works without JavaScript) and revoke behind a
 * confirmation (`?revoke=<id>`), and the PHI access log, paged by "Older entries" links. Roles that may not
 * change access see it read-only; the log shows to the manager roles only.
 */
export function AccessTab({ data, actionData }: { data: AccessPageData; actionData?: AccessActionData }) {
  const { t, i18n } = useTranslation();
  const access = data.access;
  const date = (iso: string, withTime = false) => formatDate(iso, { withTime, t, locale: i18n.language });
  if (!access) return null;
  return (
    <div className="flex flex-col gap-8" data-testid="access-tab">
      <p className="text-sm text-muted-foreground">{t("access:intro")}</p>
      <StaffSection access={access} path={data.path} date={date} />
      <DependentsSection access={access} />
      {access.canManage ? <GrantForm data={data} actionData={actionData} /> : <p className="text-sm text-muted-foreground">{t("access:grant.readOnly")}</p>}
      <LogSection data={data} date={date} />
      {data.confirmRevoke ? <RevokeModal grant={data.confirmRevoke} path={data.path} /> : null}
    </div>
  );
}

function StaffSection({ access, path, date }: { access: PatientAccess; path: string; date: (iso: string, withTime?: boolean) => string }) {
  const { t } = useTranslation();
  const live = access.grants.filter((g) => g.revokedAt === null);
  const revoked = access.grants.filter((g) => g.revokedAt !== null);
  const empty = access.assigned.length === 0 && live.length === 0;
  return (
    <section aria-labelledby="access-staff" className="flex flex-col gap-3">
      <h3 id="access-staff" className="text-lg font-semibold">
        {t("access:staff.title")}
      </h3>
      {empty ? <p className="text-sm">{t("access:staff.none")}</p> : null}
      {access.assigned.length + access.grants.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-left text-sm" data-testid="access-staff">
            <thead className="border-b bg-muted">
              <tr>
                <th scope="col" className={th}>{t("access:staff.name")}</th>
                <th scope="col" className={th}>{t("access:staff.role")}</th>
                <th scope="col" className={th}>{t("access:staff.how")}</th>
                <th scope="col" className={th}>{t("access:staff.since")}</th>
                {access.canManage ? <th scope="col" className={th}>{t("access:staff.actions")}</th> : null}
              </tr>
            </thead>
            <tbody className="divide-y">
              {access.assigned.map((a) => (
                <tr key={`a${a.staff.id}`}>
                  <td className={td}><StaffCell staff={a.staff} /></td>
                  <td className={td}>{roleText(t, a.staff.role)}</td>
                  <td className={td}>{t("access:staff.assigned", { count: a.treatmentIds.length, ids: a.treatmentIds.map((id) => `#${id}`).join(", ") })}</td>
                  <td className={td} />
                  {access.canManage ? <td className={td} /> : null}
                </tr>
              ))}
              {[...live, ...revoked].map((g) => (
                <GrantRow key={`g${g.id}`} grant={g} canManage={access.canManage} path={path} date={date} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">{t("access:staff.clinicWide", { roles: access.clinicWideRoles.map((r) => roleText(t, r.handle)).join(", ") })}</p>
    </section>
  );
}

function GrantRow({ grant, canManage, path, date }: { grant: AccessGrant; canManage: boolean; path: string; date: (iso: string, withTime?: boolean) => string }) {
  const { t } = useTranslation();
  const revoked = grant.revokedAt !== null;
  return (
    <tr className={revoked ? "text-muted-foreground" : undefined} data-testid={revoked ? "grant-revoked" : "grant-live"}>
      <td className={td}><StaffCell staff={grant.staff} /></td>
      <td className={td}>{roleText(t, grant.staff.role)}</td>
      <td className={td}>
        <span className="block">{grant.grantedBy ? t("access:staff.granted", { name: grant.grantedBy.fullName }) : t("access:staff.grantedUnknown")}</span>
        {revoked ? (
          <span className="block">
            {grant.revokedBy ? t("access:staff.revokedBy", { name: grant.revokedBy.fullName, date: date(grant.revokedAt!) }) : t("access:staff.revoked", { date: date(grant.revokedAt!) })}
          </span>
        ) : null}
      </td>
      <td className={td}>{date(grant.grantedAt)}</td>
      {canManage ? (
        <td className={td}>
          {revoked ? null : (
            <Link
              to={`${path}?revoke=${grant.id}`}
              preventScrollReset
              className={buttonVariants({ variant: "destructiveGhost", size: "sm" })}
              aria-label={t("access:staff.revokeFor", { name: grant.staff.fullName })}
            >
              {t("access:staff.revoke")}
            </Link>
          )}
        </td>
      ) : null}
    </tr>
  );
}

function DependentsSection({ access }: { access: PatientAccess }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="access-dependents" className="flex flex-col gap-3">
      <h3 id="access-dependents" className="text-lg font-semibold">
        {t("access:dependents.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("access:dependents.intro")}</p>
      {access.dependents.length === 0 ? (
        <p className="text-sm">{t("access:dependents.none")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-left text-sm" data-testid="access-dependents">
            <thead className="border-b bg-muted">
              <tr>
                <th scope="col" className={th}>{t("access:staff.name")}</th>
                <th scope="col" className={th}>{t("access:staff.role")}</th>
                <th scope="col" className={th}>{t("access:dependents.supervisor")}</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {access.dependents.map((d) => (
                <tr key={`${d.supervisor.id}-${d.staff.id}`}>
                  <td className={td}><StaffCell staff={d.staff} /></td>
                  <td className={td}>{roleText(t, d.staff.role)}</td>
                  <td className={td}>{d.supervisor.fullName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function GrantForm({ data, actionData }: { data: AccessPageData; actionData?: AccessActionData }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const errors = actionData?.reply.error?.staffId ?? [];
  const [chosen, setChosen] = useState<Person | null>(actionData?.chosen ?? data.chosen);
  const summaryRef = useRef<HTMLDivElement>(null);
  // An error summary takes the focus when a post comes back refused (with JavaScript; without it, autoFocus).
  useEffect(() => {
    if (errors.length) summaryRef.current?.focus();
  }, [actionData, errors.length]);
  const message = errors.length ? errors.map((m) => <span key={m} className="block">{translateMessage(t, m)}</span>) : undefined;
  return (
    <section aria-labelledby="access-grant" className="flex flex-col gap-3">
      <h3 id="access-grant" className="text-lg font-semibold">
        {t("access:grant.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("access:grant.intro")}</p>
      {errors.length ? (
        <div ref={summaryRef} tabIndex={-1} autoFocus role="alert" aria-labelledby="access-grant-errors" className="rounded-md border border-error bg-error-subtle px-3 py-2 text-sm text-error" data-testid="error-summary">
          <p id="access-grant-errors" className="font-semibold">{t("access:errorSummary")}</p>
          <ul className="list-disc pl-5">
            {errors.map((m) => (
              <li key={m}>
                <a href="#staffId-picker" className="underline">{translateMessage(t, m)}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" action={data.path} className="flex max-w-xl flex-col gap-3" preventScrollReset>
        <input type="hidden" name="intent" value="grant" />
        <div id="staffId-picker">
          <UserPicker
            field="staffId"
            kind="assignee"
            purpose="submit"
            label={t("access:grant.staff")}
            value={chosen}
            state={data.picker}
            formAction={data.path}
            required
            error={message}
            onChange={setChosen}
            emptyLabel={t("access:grant.choose")}
          />
        </div>
        <div>
          <Button type="submit" loading={navigation.state === "submitting" && navigation.formData?.get("intent") === "grant"}>
            {t("access:grant.submit")}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function RevokeModal({ grant, path }: { grant: AccessGrant; path: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <Modal open title={t("access:revoke.title")} description={t("access:revoke.text", { name: grant.staff.fullName })} closeHref={path} closeLabel={t("access:revoke.cancel")} data-testid="revoke-modal">
      <Form method="post" action={path} className="flex flex-wrap justify-end gap-3" preventScrollReset>
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="grantId" value={grant.id} />
        <Link to={path} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          {t("access:revoke.cancel")}
        </Link>
        <Button type="submit" variant="destructive" loading={navigation.state === "submitting"}>
          {t("access:revoke.confirm")}
        </Button>
      </Form>
    </Modal>
  );
}

function LogSection({ data, date }: { data: AccessPageData; date: (iso: string, withTime?: boolean) => string }) {
  const { t } = useTranslation();
  const log = data.log;
  return (
    <section aria-labelledby="access-log" className="flex flex-col gap-3">
      <h3 id="access-log" className="text-lg font-semibold">
        {t("access:log.title")}
      </h3>
      {!data.access?.canReadLog ? (
        <p className="text-sm text-muted-foreground">{t("access:log.readOnly")}</p>
      ) : log ? (
        <>
          <p className="text-sm text-muted-foreground">{t("access:log.intro")}</p>
          {log.items.length === 0 ? (
            <p className="text-sm">{t("access:log.empty")}</p>
          ) : (
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full text-left text-sm" data-testid="access-log">
                <thead className="border-b bg-muted">
                  <tr>
                    <th scope="col" className={th}>{t("access:log.when")}</th>
                    <th scope="col" className={th}>{t("access:log.who")}</th>
                    <th scope="col" className={th}>{t("access:log.role")}</th>
                    <th scope="col" className={th}>{t("access:log.what")}</th>
                    <th scope="col" className={th}>{t("access:log.record")}</th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {log.items.map((e) => (
                    <tr key={e.id} data-action={e.action}>
                      <td className={`${td} whitespace-nowrap`}>{date(e.at, true)}</td>
                      <td className={td}>{e.actor?.fullName ?? t("access:log.unknownActor")}</td>
                      <td className={td}>{roleText(t, e.actorRole)}</td>
                      <td className={td}>
                        {actionText(t, e.action)}
                        {e.inList ? <span className="text-muted-foreground"> ({t("access:log.inList")})</span> : null}
                      </td>
                      <td className={td}>{e.entityType ? `${e.entityType}${e.entityId ? ` #${e.entityId}` : ""}` : ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <nav className="flex flex-wrap gap-3" aria-label={t("access:log.title")}>
            {log.cursor ? (
              <Link to={data.path} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
                {t("access:log.newest")}
              </Link>
            ) : null}
            {log.pages?.nextCursor ? (
              <Link to={`${data.path}?log=${log.pages.nextCursor}`} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })} data-testid="log-older">
                {t("access:log.older")}
              </Link>
            ) : null}
          </nav>
        </>
      ) : null}
    </section>
  );
}
