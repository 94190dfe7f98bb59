import { getFormProps, useForm } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Form, Link, useLocation } from "react-router";
import { FormErrors, SubmitButton, TextField, TotpCodeField } from "~/components/form-field";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { checkForm, TOTP_CONFIRM_CHECKS, TOTP_DISABLE_CHECKS } from "~/lib/form-checks";
import { useHydrated } from "~/lib/use-hydrated";
import { Heading, IntentField, SecuritySection, below, replyFor, useClearSecrets, useSubmitting, type HeadingLevel } from "./shared";
import type { AccountSecurityData, SecurityActionData, TotpSetup } from "./types";

/** "JBSWY3DPEHPK3PXP…" in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/=+$/, "").replace(/(.{4})(?=.)/g, "$1 ");

/**
 * Two-factor authentication (RFC 6238 TOTP): its status (GET /api/v1/users/get-auth-methods); turning it on
 * (GET get-totp-secret → the QR code and the key → a code from the app, POST verify-totp → the recovery
 * codes, shown once); turning it off with a current code or the password (POST disable-totp).
 */
export function TwoFactorSection({
  level,
  authMethods,
  actionData,
}: {
  level: HeadingLevel;
  authMethods: AccountSecurityData["authMethods"];
  actionData: SecurityActionData | undefined;
}) {
  const { t } = useTranslation();
  const mine = replyFor(actionData, "totp-start", "totp-confirm", "totp-disable");
  const on = authMethods?.totp ?? false;
  const status = authMethods ? (
    <Badge variant={on ? "success" : "neutral"} data-testid="two-factor-status">
      {on ? t("security:twoFactor.on") : t("security:twoFactor.off")}
    </Badge>
  ) : null;
  const sub = below(level);
  return (
    <SecuritySection id="two-factor" title={t("security:twoFactor.title")} level={level} description={t("security:twoFactor.description")} aside={status}>
      <div className="flex flex-col gap-4">
        {mine?.recoveryCodes ? <RecoveryCodes codes={mine.recoveryCodes} level={sub} /> : null}
        {mine?.setup && !on ? (
          <Setup setup={mine.setup} actionData={mine} level={sub} />
        ) : on ? (
          <Disable actionData={mine} recoveryCodesLeft={authMethods?.recoveryCodesLeft ?? 0} />
        ) : authMethods ? (
          <Form method="post">
            <IntentField intent="totp-start" />
            <StartButton />
          </Form>
        ) : null}
      </div>
    </SecuritySection>
  );
}

function StartButton() {
  const { t } = useTranslation();
  return <SubmitButton pending={useSubmitting("totp-start")}>{t("security:twoFactor.start")}</SubmitButton>;
}

function Setup({ setup, actionData, level }: { setup: TotpSetup; actionData: SecurityActionData; level: HeadingLevel }) {
  const { t } = useTranslation();
  const location = useLocation();
  const submitting = useSubmitting("totp-confirm");
  const lastResult = actionData.intent === "totp-confirm" ? actionData.reply : undefined;
  useClearSecrets("totp-confirm", lastResult, "code");
  const [form, fields] = useForm<{ code: string }>({
    id: "totp-confirm",
    lastResult,
    onValidate: ({ formData }) => checkForm(formData, TOTP_CONFIRM_CHECKS),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="flex flex-col gap-4" data-testid="totp-setup">
      <Heading level={level}>{t("security:twoFactor.setupTitle")}</Heading>
      <ol className="grid list-decimal gap-4 pl-5">
        <li>
          <p>{t("security:twoFactor.step1")}</p>
          {setup.qr ? (
            <img
              src={setup.qr}
              alt={t("security:twoFactor.qrAlt")}
              width={200}
              height={200}
              className="mt-3 size-50 rounded-md bg-white p-2 ring-1 ring-border"
              data-testid="totp-qr"
            />
          ) : null}
        </li>
        <li>
          <p>{t("security:twoFactor.step2")}</p>
          <p className="mt-2">
            <code className="rounded bg-muted px-2 py-1 font-mono text-base tracking-wider break-all" data-testid="totp-secret" data-secret={setup.secret}>
              {grouped(setup.secret)}
            </code>
          </p>
        </li>
        <li>
          <p>{t("security:twoFactor.step3")}</p>
          <Form method="post" {...getFormProps(form)} className="mt-3 flex max-w-xs flex-col gap-4">
            <IntentField intent="totp-confirm" />
            <input type="hidden" name="setupSecret" value={setup.secret} />
            <input type="hidden" name="setupUri" value={setup.otpauthUrl} />
            <input type="hidden" name="setupQr" value={setup.qr} />
            <FormErrors errors={form.errors} id={form.errorId} />
            <TotpCodeField
              field={fields.code}
              label={t("security:twoFactor.code")}
            />
            <div className="flex flex-wrap items-center gap-4">
              <SubmitButton pending={submitting}>{t("security:twoFactor.confirm")}</SubmitButton>
              <Link to={location.pathname} className="text-sm font-medium text-primary underline">
                {t("security:twoFactor.cancel")}
              </Link>
            </div>
          </Form>
        </li>
      </ol>
    </div>
  );
}

/** The recovery codes, right after two-factor authentication was turned on: shown once, to print, copy or download. */
function RecoveryCodes({ codes, level }: { codes: string[]; level: HeadingLevel }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const text = codes.join("\n") + "\n";
  return (
    <Alert variant="success" title={t("security:twoFactor.enabled")} data-testid="recovery-codes">
      <div className="grid gap-3">
        <Heading level={level} size="base">
          {t("security:twoFactor.recoveryTitle")}
        </Heading>
        <p>{t("security:twoFactor.recoveryText")}</p>
        <ol className="grid grid-cols-1 gap-1 font-mono text-base sm:grid-cols-2" aria-label={t("security:twoFactor.recoveryTitle")}>
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <p className="text-sm">{hydrated ? t("security:twoFactor.recoveryHint") : t("security:twoFactor.recoveryHintNoJs")}</p>
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
            download="recovery-codes.txt"
            className="inline-flex h-8 items-center rounded-md border border-input bg-background px-3 text-sm font-medium hover:bg-muted"
          >
            {t("security:twoFactor.download")}
          </a>
          {hydrated ? (
            <>
              <Button variant="outline" size="sm" onClick={() => window.print()}>
                {t("security:twoFactor.print")}
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  void navigator.clipboard?.writeText(text).then(() => setCopied(true));
                }}
              >
                {t("security:twoFactor.copy")}
              </Button>
              <span role="status" className="text-sm">
                {copied ? t("security:twoFactor.copied") : ""}
              </span>
            </>
          ) : null}
        </div>
      </div>
    </Alert>
  );
}

function Disable({ actionData, recoveryCodesLeft }: { actionData: SecurityActionData | undefined; recoveryCodesLeft: number }) {
  const { t } = useTranslation();
  const submitting = useSubmitting("totp-disable");
  const lastResult = actionData?.intent === "totp-disable" ? actionData.reply : undefined;
  useClearSecrets("totp-disable", lastResult, "code", "password");
  const [form, fields] = useForm<{ code?: string; password?: string }>({
    id: "totp-disable",
    lastResult,
    onValidate: ({ formData }) => checkForm(formData, TOTP_DISABLE_CHECKS),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="flex flex-col gap-4">
      <p data-testid="recovery-codes-left">{t("security:twoFactor.codesLeft", { count: recoveryCodesLeft })}</p>
      <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-4">
        <IntentField intent="totp-disable" />
        <p className="text-sm text-muted-foreground">{t("security:twoFactor.disableText")}</p>
        <FormErrors errors={form.errors} id={form.errorId} />
        <TotpCodeField
          field={fields.code}
          label={t("security:twoFactor.code")}
          aria-required={false}
        />
        <TextField field={fields.password} label={t("security:twoFactor.orPassword")} type="password" autoComplete="current-password" aria-required={false} />
        <Button type="submit" variant="destructive" size="lg" loading={submitting} className="self-start">
          {t("security:twoFactor.disable")}
        </Button>
      </Form>
    </div>
  );
}
