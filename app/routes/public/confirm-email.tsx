import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import { useTranslation } from "~/lib/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/confirm-email";
import { securityPathFor } from "~/components/account-security/paths";
import { FormErrors, SubmitButton } from "~/components/form-field";
import { PageTitle } from "~/components/page-title";
import { Alert } from "~/components/ui/alert";
import { getViewer } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import type { RouteHandle } from "~/lib/route-handle";
import { confirmEmailSchema } from "~/lib/schemas/auth";
import { errorToastMessage, notifyUpstreamError } from "~/lib/toast.server";
import { translateUpstream } from "~/lib/upstream-messages";
import { UpstreamError } from "~/lib/upstream.server";
import { passwordResetApi } from "~/lib/account-security.server";
import { linkProblemSchema } from "../../../api/contract/account.ts";
import { readForm } from "~/lib/csrf.server";

export const handle = { title: "security:confirmEmail.title", i18n: ["security"] } satisfies RouteHandle;

type Problem = { reason: "invalid" | "used" | "expired" | "unusable"; message: string };

/** The link's code (`/confirm-email?code=…`, api/contract/account.ts) and where the user manages their email. */
export function loader({ request, context }: Route.LoaderArgs) {
  return {
    code: new URL(request.url).searchParams.get("code") ?? "",
    securityPath: securityPathFor(getViewer(context).role),
  };
}

/**
 * The link of an email verification or email change (api/routes/account.ts). Opening the link only shows a
 * button: the address is confirmed by POST /actions/users/confirm-email, never on GET, so that a mail
 * scanner that follows links cannot use the link up. Success says which address the account now has; a
 * used, expired or broken link (or an address another account took meanwhile) says so, with the way to
 * ask for a new link.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  const submission = parseWithZod(await readForm(request), { schema: confirmEmailSchema });
  if (submission.status !== "success") {
    return data({ reply: submission.reply(), result: null, problem: { reason: "invalid", message: t("security:upstream.linkInvalid") } as Problem }, { status: 400 });
  }
  try {
    const response = await passwordResetApi.confirmEmail(context, submission.value);
    return { reply: submission.reply(), result: response.data, problem: null };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 400) {
      const link = linkProblemSchema.safeParse(error.data);
      const problem: Problem = { reason: link.success ? link.data.reason : "unusable", message: translateUpstream(error, t) };
      return data({ reply: submission.reply(), result: null, problem }, { status: 400 });
    }
    notifyUpstreamError(context, error, t);
    return data({ reply: submission.reply({ formErrors: [errorToastMessage(error, t)] }), result: null, problem: null }, { status: 400 });
  }
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form] = useForm({ id: "confirm-email", lastResult: actionData?.reply as SubmissionResult<string[]> | undefined });
  const problem: Problem | null = actionData?.problem ?? (loaderData.code ? null : { reason: "invalid", message: t("security:upstream.linkInvalid") });
  const result = actionData?.result ?? null;
  const { securityPath } = loaderData;
  const next = securityPath ? (
    <Link to={securityPath} className="font-medium text-primary underline">
      {t("security:confirmEmail.toSecurity")}
    </Link>
  ) : (
    <Link to="/login" className="font-medium text-primary underline">
      {t("security:confirmEmail.toSignIn")}
    </Link>
  );

  return (
    <section className="flex flex-col gap-4">
      <PageTitle title={handle.title} />
      {result ? (
        <>
          <Alert variant="success" title={result.changed ? t("security:confirmEmail.changed") : t("security:confirmEmail.verified")} data-testid="confirm-email-done">
            {result.changed ? t("security:confirmEmail.changedText", { email: result.email }) : t("security:confirmEmail.verifiedText", { email: result.email })}
          </Alert>
          {next}
        </>
      ) : problem ? (
        <>
          <Alert variant="error" title={t(`security:confirmEmail.problem.${problem.reason}`)} data-testid="confirm-email-problem" data-reason={problem.reason}>
            {problem.message}
          </Alert>
          <p>{securityPath ? t("security:confirmEmail.askAgainSignedIn") : t("security:confirmEmail.askAgain")}</p>
          {next}
        </>
      ) : (
        <>
          <p>{t("security:confirmEmail.intro")}</p>
          <Form method="post" {...getFormProps(form)} className="flex flex-col items-start gap-4">
            <FormErrors errors={form.errors} id={form.errorId} />
            <input type="hidden" name="code" value={loaderData.code} />
            <SubmitButton pending={navigation.state === "submitting"}>{t("security:confirmEmail.submit")}</SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}
