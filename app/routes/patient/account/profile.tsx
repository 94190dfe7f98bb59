import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslation } from "~/lib/use-translation";
import { PROFILE_DETAILS_CHECKS, PROFILE_EMAIL_CHECKS } from "~/lib/profile-form-checks";
import { checkForm } from "~/lib/form-checks";
import { data, Form } from "react-router";
import type { Route } from "./+types/profile";
import { AccountSection, FullWidthFormErrors, Intent, useSubmitting } from "~/components/account/section";
import { timeZoneOptions, timeZoneValue } from "~/components/account/time-zones";
import { FormErrors, SubmitButton, TextField } from "~/components/form-field";
import { PageTitle } from "~/components/page-title";
import { Alert } from "~/components/ui/alert";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { accountApi, formFailure, getProfile, successMessage } from "~/lib/account.server";
import { formatDate, formatPhone } from "~/lib/format";
import { translateMessage } from "~/lib/i18n";
import { getT } from "~/lib/i18n.server";
import type { RouteHandle } from "~/lib/route-handle";
import { profileDetailsSchema, profileEmailSchema, removeAvatarSchema, timeZoneUpdate } from "~/lib/schemas/account";
import { notify, redirectWithToast, takeToasts } from "~/lib/toast.server";
import { UpstreamError } from "~/lib/upstream.server";
import { isMultipart, readAvatarUpload } from "~/lib/avatar-upload.server";
import { suggestEmail } from "../../../../api/contract/email-suggest.ts";
import type { Profile } from "../../../../api/contract/patient-account.ts";
import {
  AVATAR_EXTENSIONS,
  AVATAR_FIELD,
  AVATAR_INPUT_ACCEPT,
  AVATAR_MAX_BYTES,
  AVATAR_MAX_MB,
  AVATAR_SIZE,
  fileExtension,
} from "../../../../api/contract/patient-account-rules.ts";
import { readForm } from "~/lib/csrf.server";

export const handle = { title: "common:pages.accountProfile" } satisfies RouteHandle;

const PATH = "/patient/account/profile";

/** What the page shows of the profile (and nothing more goes to the browser). */
function view(p: Profile) {
  return {
    firstName: p.firstName,
    middleName: p.middleName,
    lastName: p.lastName,
    fullName: p.fullName,
    email: p.email,
    phone: p.phone ? formatPhone(p.phone) : "",
    dateOfBirth: p.dateOfBirth ? formatDate(`${p.dateOfBirth}T00:00:00Z`) : "",
    timeZone: timeZoneValue(p),
    avatarUrl: p.avatarUrl,
  };
}
type ProfileView = ReturnType<typeof view>;

export async function loader({ context }: Route.LoaderArgs) {
  const profile = await getProfile(context);
  return { profile: view(profile), toasts: takeToasts(context) };
}

type Reply = SubmissionResult<string[]>;
type ActionResult =
  | { intent: "details" | "removeAvatar"; reply: Reply }
  | { intent: "email"; reply: Reply; suggestion?: { typed: string; suggested: string }; sent?: string }
  | { intent: "avatar"; avatarError: string };

/**
 * Profile (spec §3 profile user, §5 rules, §7 PUT /api/v1/profile): four forms, each with its own intent —
 * personal details (names, phone, date of birth, time zone), email (a change is confirmed by a link sent to the
 * new address; a likely typo first shows "Did you mean …?"), the picture upload (multipart) and its removal.
 * Errors sit beside the fields, with the input kept; successes redirect here with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  if (isMultipart(request)) return uploadAvatar(request, context);
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "email") {
    const submission = parseWithZod(formData, { schema: profileEmailSchema });
    if (submission.status !== "success") return data<ActionResult>({ intent, reply: submission.reply() }, { status: 400 });
    const { email, checkedEmail, useSuggestion } = submission.value;
    const suggested = useSuggestion ? null : suggestEmail(email);
    // Spec §5: a likely typo is pointed out once; sending the same address again goes ahead.
    if (suggested && checkedEmail !== email) {
      return data<ActionResult>({ intent, reply: submission.reply(), suggestion: { typed: email, suggested } }, { status: 400 });
    }
    const newEmail = useSuggestion ? (profileEmailSchema.shape.email.safeParse(useSuggestion).data ?? email) : email;
    try {
      // "We sent a confirmation link to {email}. Your email address changes when you open it." (translated): a
      // toast, and a notice that stays beside the form (the address itself changes only when the link is opened).
      const response = await accountApi(context).updateProfile({ user: { email: newEmail } });
      const linkSent = response.code === "account.emailChangeSent" || response.code === "account.emailVerifySent" || (response.code === "ok" && !response.message);
      const sent = linkSent ? t("account:profile.emailLinkSent", { email: newEmail }) : successMessage(response, t, "");
      notify(context, "success", sent);
      return data<ActionResult>({ intent, reply: submission.reply({ resetForm: true }), sent });
    } catch (error) {
      const failure = formFailure(context, error, t, (field) => (field === "user.email" ? "email" : field));
      return data<ActionResult>({ intent, reply: submission.reply(failure) }, { status: 400 });
    }
  }

  if (intent === "removeAvatar") {
    const submission = parseWithZod(formData, { schema: removeAvatarSchema });
    if (submission.status !== "success") return data<ActionResult>({ intent, reply: submission.reply() }, { status: 400 });
    try {
      const response = await accountApi(context).removeAvatar();
      return redirectWithToast(context, PATH, "success", successMessage(response, t, t("account:profile.avatarRemoved")));
    } catch (error) {
      return data<ActionResult>({ intent, reply: submission.reply(formFailure(context, error, t)) }, { status: 400 });
    }
  }

  const submission = parseWithZod(formData, { schema: profileDetailsSchema });
  if (submission.status !== "success") return data<ActionResult>({ intent: "details", reply: submission.reply() }, { status: 400 });
  const { firstName, middleName, lastName, phone, dateOfBirth, timeZone } = submission.value;
  try {
    await accountApi(context).updateProfile({
      firstName,
      middleName,
      lastName,
      phone: phone ?? "",
      dateOfBirth: dateOfBirth ?? "",
      ...timeZoneUpdate(timeZone),
    });
    // "Your profile has been updated." (the API's message), said in the user's language.
    return redirectWithToast(context, PATH, "success", t("account:profile.saved"));
  } catch (error) {
    const failure = formFailure(context, error, t, (field) => (field === "utcOffsetMinutes" ? "timeZone" : field));
    return data<ActionResult>({ intent: "details", reply: submission.reply(failure) }, { status: 400 });
  }
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Avatar upload                                                                                                */
/* ------------------------------------------------------------------------------------------------------------ */

/** The picture form (spec §5 uploads): checked on the web server (app/lib/avatar-upload.server.ts), then by content in the API. */
async function uploadAvatar(request: Request, context: Route.ActionArgs["context"]) {
  const t = getT(context);
  const upload = await readAvatarUpload(request);
  if ("problem" in upload) {
    const message = t(upload.problem.key);
    notify(context, "error", message);
    return data<ActionResult>({ intent: "avatar", avatarError: message }, { status: upload.problem.status });
  }
  const { body } = upload;
  try {
    const response = await accountApi(context).uploadAvatar(body);
    return redirectWithToast(context, PATH, "success", successMessage(response, t, t("account:profile.avatarSaved")));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const failure = formFailure(context, error, t);
    const message = failure.fieldErrors[AVATAR_FIELD]?.[0] ?? failure.formErrors[0] ?? t("common:errors.internal");
    return data<ActionResult>({ intent: "avatar", avatarError: message }, { status: 400 });
  }
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Page                                                                                                         */
/* ------------------------------------------------------------------------------------------------------------ */

export default function PatientAccountProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { profile } = loaderData;
  const result = actionData as ActionResult | undefined;
  // A saved change gives new defaults: the forms start again from them (phone shown formatted, and so on).
  const version = JSON.stringify(profile);
  return (
    <>
      <div className="flex flex-col gap-1">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("account:profile.intro")}</p>
      </div>
      <AvatarSection key={`avatar-${profile.avatarUrl ?? ""}`} profile={profile} result={result} />
      <DetailsForm key={`details-${version}`} profile={profile} lastResult={result?.intent === "details" ? result.reply : undefined} />
      <EmailForm key={`email-${profile.email}`} profile={profile} result={result?.intent === "email" ? result : undefined} />
    </>
  );
}

function DetailsForm({ profile, lastResult }: { profile: ProfileView; lastResult: Reply | undefined }) {
  const { t } = useTranslation();
  const submitting = useSubmitting("details");
  const [form, fields] = useForm({
    id: "profile-details",
    lastResult,
    defaultValue: {
      firstName: profile.firstName,
      middleName: profile.middleName,
      lastName: profile.lastName,
      phone: profile.phone,
      dateOfBirth: profile.dateOfBirth,
      timeZone: profile.timeZone,
    },
    onValidate: ({ formData }) => checkForm(formData, PROFILE_DETAILS_CHECKS),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const tzErrors = fields.timeZone.errors;
  return (
    <AccountSection title={t("account:profile.detailsTitle")} description={t("account:profile.detailsIntro")}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <Intent value="details" />
        <FullWidthFormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.firstName} label={t("account:profile.firstName")} autoComplete="given-name" />
        <TextField field={fields.middleName} label={t("account:profile.middleName")} autoComplete="additional-name" aria-required={false} />
        <TextField field={fields.lastName} label={t("account:profile.lastName")} autoComplete="family-name" />
        <TextField
          field={fields.phone}
          label={t("account:profile.phone")}
          hint={t("account:profile.phoneHint")}
          autoComplete="tel-national"
          inputMode="tel"
          aria-required={false}
        />
        <TextField
          field={fields.dateOfBirth}
          label={t("account:profile.dateOfBirth")}
          hint={t("account:profile.dateOfBirthHint")}
          autoComplete="bday"
          inputMode="numeric"
          placeholder={t("account:profile.datePlaceholder")}
        />
        <Select
          id={fields.timeZone.id}
          name={fields.timeZone.name}
          label={t("account:profile.timeZone")}
          hint={t("account:profile.timeZoneHint")}
          options={timeZoneOptions(t, profile.timeZone)}
          defaultValue={(fields.timeZone.initialValue as string | undefined) ?? profile.timeZone}
          error={tzErrors?.length ? tzErrors.map((e) => translateMessage(t, e)).join(" ") : undefined}
          noResultsLabel={t("account:noResults")}
          required
        />
        <div className="sm:col-span-2">
          <SubmitButton pending={submitting}>{t("account:profile.saveDetails")}</SubmitButton>
        </div>
      </Form>
    </AccountSection>
  );
}

function EmailForm({ profile, result }: { profile: ProfileView; result: Extract<ActionResult, { intent: "email" }> | undefined }) {
  const { t } = useTranslation();
  const submitting = useSubmitting("email");
  const [form, fields] = useForm({
    id: "profile-email",
    lastResult: result?.reply,
    defaultValue: { email: profile.email },
    onValidate: ({ formData }) => checkForm(formData, PROFILE_EMAIL_CHECKS),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // With JavaScript the suggestion shows as you type; without, after the first submit (the server's).
  const typed = typeof fields.email.value === "string" ? fields.email.value.trim() : "";
  const live = typed && typed !== profile.email ? suggestEmail(typed) : null;
  const suggestion = live ? { typed, suggested: live } : (result?.suggestion ?? null);
  return (
    <AccountSection title={t("account:profile.emailTitle")} description={t("account:profile.emailIntro")}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <Intent value="email" />
        <FormErrors errors={form.errors} id={form.errorId} />
        {result?.sent ? (
          <Alert variant="success" live="none" data-testid="email-sent">
            {result.sent}
          </Alert>
        ) : null}
        <TextField field={fields.email} label={t("account:profile.email")} type="email" autoComplete="email" inputMode="email" />
        {suggestion ? (
          <>
            <input type="hidden" name="checkedEmail" value={suggestion.typed} />
            <Alert variant="warning" title={t("validation:emailSuggestion", { email: suggestion.suggested })} data-testid="email-suggestion">
              <p>{t("validation:emailProbablyNotReal")}</p>
            </Alert>
          </>
        ) : null}
        {/*
          Enter in the field presses a form's first submit button (its default button), with or without JavaScript:
          that must be the one that sends what was typed, never the suggestion, which only its own button picks.
        */}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" variant={suggestion ? "outline" : "primary"} loading={submitting} data-testid="email-submit">
            {suggestion ? t("account:profile.keepEmail", { email: suggestion.typed }) : t("account:profile.changeEmail")}
          </Button>
          {suggestion ? (
            <Button type="submit" size="lg" name="useSuggestion" value={suggestion.suggested} variant="primary">
              {t("account:profile.useSuggestion", { email: suggestion.suggested })}
            </Button>
          ) : null}
        </div>
      </Form>
    </AccountSection>
  );
}

function AvatarSection({ profile, result }: { profile: ProfileView; result: ActionResult | undefined }) {
  const { t } = useTranslation();
  const uploading = useSubmitting("avatar");
  const removing = useSubmitting("removeAvatar");
  const serverError = result?.intent === "avatar" ? result.avatarError : null;
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? serverError;
  const tooLarge = t("account:upstream.avatarTooLarge");
  const wrongType = t("account:upstream.avatarType");
  const missing = t("account:upstream.avatarMissing");

  // With JavaScript the size and name are checked before anything is sent; the server checks them again.
  const check = (file: File | undefined) => {
    if (!file) return missing;
    if (file.size > AVATAR_MAX_BYTES) return tooLarge;
    if (!(AVATAR_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return wrongType;
    return null;
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => setClientError(event.target.files?.[0] ? check(event.target.files[0]) : null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem(AVATAR_FIELD);
    const problem = input instanceof HTMLInputElement ? check(input.files?.[0]) : null;
    setClientError(problem);
    if (problem) event.preventDefault();
  };

  return (
    <AccountSection title={t("account:profile.avatarTitle")} description={t("account:profile.avatarIntro", { size: AVATAR_SIZE })}>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <Avatar name={profile.fullName} src={profile.avatarUrl} size="xl" data-testid="profile-avatar" />
        <div className="flex flex-1 flex-col gap-4">
          <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
            <Intent value="avatar" />
            <Input
              type="file"
              name={AVATAR_FIELD}
              id="avatar-file"
              accept={AVATAR_INPUT_ACCEPT}
              label={t("account:profile.avatarFile")}
              hint={t("account:profile.avatarHint", { size: AVATAR_SIZE, max: AVATAR_MAX_MB })}
              error={error ?? undefined}
              onChange={onChange}
              className="cursor-pointer file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:font-medium"
            />
            <div>
              <Button type="submit" loading={uploading}>
                {t("account:profile.uploadAvatar")}
              </Button>
            </div>
          </Form>
          {profile.avatarUrl ? (
            <Form method="post">
              <Intent value="removeAvatar" />
              <Button type="submit" variant="outline" loading={removing}>
                {t("account:profile.removeAvatar")}
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
    </AccountSection>
  );
}
