import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import { useTranslation } from "~/lib/use-translation";
import { checkForm, SET_PASSWORD_CHECKS } from "~/lib/form-checks";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/set-password";
import { NewPasswordFields } from "~/components/account-security/new-password-fields";
import { useClearSecrets } from "~/components/account-security/shared";
import { FormErrors, SubmitButton } from "~/components/form-field";
import { Alert } from "~/components/ui/alert";
import { getT } from "~/lib/i18n.server";
import type { RouteHandle } from "~/lib/route-handle";
import { setPasswordSchema } from "~/lib/schemas/auth";
import { getWebSession } from "~/lib/session.server";
import { notifyUpstreamError } from "~/lib/toast.server";
import { translateUpstream } from "~/lib/upstream-messages";
import { upstreamFieldErrors, UpstreamError } from "~/lib/upstream.server";
import { passwordResetApi } from "~/lib/account-security.server";
import { linkProblemSchema } from "../../../api/contract/account.ts";
import { readForm } from "~/lib/csrf.server";

export const handle = { title: "common:pages.setPassword" } satisfies RouteHandle;

type LinkProblem = { reason: "invalid" | "used" | "expired"; message: string };

/** A 400 of the upstream that says the link cannot be used (`data.reason`), in the user's language; else null. */
function linkProblemOf(error: unknown, t: ReturnType<typeof getT>): LinkProblem | null {
  const problem = error instanceof UpstreamError && error.status === 400 ? linkProblemSchema.safeParse(error.data) : null;
  return problem?.success ? { reason: problem.data.reason, message: translateUpstream(error as UpstreamError, t) } : null;
}

/**
 * The link's code and user id (`/set-password?code=…&id=…`, api/contract/account.ts), and whether it can still be
 * used: asked of the upstream without using it up (POST /actions/users/check-reset-link), so that a used, expired
 * or broken link says so on opening it, not after a new password was typed. When the check itself fails (the
 * upstream is down, too many tries) the form shows with the error's toast, and setting the password judges.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const code = url.searchParams.get("code") ?? "";
  const id = url.searchParams.get("id") ?? "";
  let linkProblem: LinkProblem | null = null;
  if (code) {
    try {
      await passwordResetApi.checkLink(context, { code, id });
    } catch (error) {
      linkProblem = linkProblemOf(error, getT(context));
      if (!linkProblem) notifyUpstreamError(context, error, getT(context));
    }
  }
  return { code, id, linkProblem };
}

const SECRET_FIELDS = ["newPassword", "passwordConfirm"];

/**
 * Set a new password from the emailed link (spec §4, §5): the password rules, each with its own message,
 * checked here with the API's own schema; POST /actions/users/set-password, then PasswordChanged. The link
 * works once, for an hour: a used, expired or broken link (400 with `data.reason`) replaces the form with a
 * clear message and a way to ask for a new one — on opening the link (the loader), or on posting it. The new password is never sent back into the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  const submission = parseWithZod(await readForm(request), { schema: setPasswordSchema });
  if (submission.status !== "success") {
    return data({ reply: submission.reply({ hideFields: SECRET_FIELDS }), linkProblem: null }, { status: 400 });
  }
  try {
    await passwordResetApi.setPassword(context, submission.value);
    // A reset ends every session of the user; if that was this browser's, the upstream cleared its cookie.
    const session = getWebSession(context);
    if (!session.hasUpstreamSession && session.user) session.signOut();
    return redirect("/password-changed");
  } catch (error) {
    const linkProblem = linkProblemOf(error, t);
    if (linkProblem) return data({ reply: submission.reply({ hideFields: SECRET_FIELDS }), linkProblem }, { status: 400 });
    notifyUpstreamError(context, error, t);
    return data(
      { reply: submission.reply({ fieldErrors: upstreamFieldErrors(error, t), hideFields: SECRET_FIELDS }), linkProblem: null },
      { status: 400 },
    );
  }
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const lastResult = actionData?.reply as SubmissionResult<string[]> | undefined;
  useClearSecrets("set-password", lastResult, "newPassword", "passwordConfirm");
  const [form, fields] = useForm<{ code: string; id?: number; newPassword: string; passwordConfirm: string }>({
    id: "set-password",
    lastResult,
    onValidate: ({ formData }) => checkForm(formData, SET_PASSWORD_CHECKS),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // After a post the action's answer decides (its field errors stay beside the form); on opening, the check's.
  const noCode = loaderData.code ? null : { reason: "invalid" as const, message: t("security:upstream.linkInvalid") };
  const problem = (actionData ? actionData.linkProblem : loaderData.linkProblem) ?? noCode;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("common:pages.setPassword")}</h1>
        {problem ? null : <p className="text-muted-foreground">{t("common:setPassword.intro")}</p>}
      </div>
      {problem ? (
        <div className="flex flex-col gap-4" data-testid="link-problem" data-reason={problem.reason}>
          <Alert variant="error" title={t(`security:setPassword.problem.${problem.reason}`)}>
            {problem.message}
          </Alert>
          <Link
            to="/forgot-password"
            className="inline-flex h-12 items-center justify-center rounded-md bg-primary px-6 font-medium text-primary-foreground hover:bg-primary-hover"
          >
            {t("security:setPassword.requestNew")}
          </Link>
          <Link to="/login" className="text-center text-sm font-medium text-primary underline">
            {t("common:login.backToSignIn")}
          </Link>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <FormErrors errors={form.errors} id={form.errorId} />
          <input type="hidden" name="code" value={loaderData.code} />
          <input type="hidden" name="id" value={loaderData.id} />
          <NewPasswordFields newPassword={fields.newPassword} passwordConfirm={fields.passwordConfirm} lastResult={lastResult} />
          <SubmitButton pending={navigation.state === "submitting"}>{t("common:setPassword.submit")}</SubmitButton>
          <Link to="/login" className="text-center text-sm font-medium text-primary underline">
            {t("common:login.backToSignIn")}
          </Link>
        </Form>
      )}
    </div>
  );
}
