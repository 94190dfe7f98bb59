import { useTranslation } from "~/lib/use-translation";
import { Form } from "react-router";
import { SubmitButton } from "~/components/form-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/format";
import { describeDevice } from "./device";
import { IntentField, SecuritySection, useSubmitting, type HeadingLevel } from "./shared";
import type { SecuritySession } from "./types";

/**
 * Where the user is signed in (GET /api/v1/users/sessions): device and browser, IP address, last activity
 * and sign-in time in the profile's time zone, this device marked; sign out one other session, or all of
 * them (POST /api/v1/users/sessions/{id}/revoke, /sessions/revoke-others).
 */
export function SessionsSection({ level, sessions, utcOffsetMinutes }: { level: HeadingLevel; sessions: SecuritySession[] | null; utcOffsetMinutes: number }) {
  const { t } = useTranslation();
  const revokingAll = useSubmitting("revoke-others");
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  const when = (iso: string) => formatDate(iso, { utcOffsetMinutes, withTime: true, t });
  const device = (s: SecuritySession) => {
    const { browser, os } = describeDevice(s.userAgent);
    const name = browser ?? t("security:sessions.unknownBrowser");
    return os ? t("security:sessions.device", { browser: name, os }) : name;
  };
  return (
    <SecuritySection id="sessions" title={t("security:sessions.title")} level={level} description={t("security:sessions.description")}>
      {sessions ? (
        <div className="flex flex-col gap-4">
          <ul className="divide-y rounded-lg ring-1 ring-border" data-testid="sessions">
            {sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="session" data-current={s.current}>
                <div className="grid gap-0.5">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span>{device(s)}</span>
                    {s.current ? <Badge variant="success">{t("security:sessions.current")}</Badge> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {t("security:sessions.ip")} {s.ip ?? t("security:sessions.unknownIp")}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {t("security:sessions.lastActive", { when: when(s.lastSeenAt) })} · {t("security:sessions.signedIn", { when: when(s.createdAt) })}
                  </p>
                </div>
                {s.current ? null : (
                  <Form method="post">
                    <IntentField intent="revoke-session" />
                    <input type="hidden" name="sessionId" value={s.id} />
                    <Button type="submit" variant="outline" size="sm" aria-label={t("security:sessions.revokeOne", { device: device(s), ip: s.ip ?? t("security:sessions.unknownIp") })}>
                      {t("security:sessions.revoke")}
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {others > 0 ? (
            <Form method="post">
              <IntentField intent="revoke-others" />
              <SubmitButton pending={revokingAll}>{t("security:sessions.revokeOthers")}</SubmitButton>
            </Form>
          ) : (
            <p className="text-sm text-muted-foreground">{t("security:sessions.noOthers")}</p>
          )}
        </div>
      ) : (
        <p className="text-muted-foreground">{t("security:unavailable")}</p>
      )}
    </SecuritySection>
  );
}
