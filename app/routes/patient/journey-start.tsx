import { Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/journey-start";
import { FormErrors, SubmitButton } from "~/components/form-field";
import { PageTitle } from "~/components/page-title";
import { startAction, startLoader } from "~/lib/intake.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { SERVICE_SECTION_VALUES } from "../../../api/contract/enums.ts";

export const handle = { title: "common:pages.journeyStart", i18n: ["intake"] } satisfies RouteHandle;

export function loader({ context }: Route.LoaderArgs) {
  return startLoader(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return startAction(request, context);
}

/**
 * Start a new journey (issue 15): the four kinds of care, each a form post that starts its medical intake (or
 * resumes the one in progress of that kind) and goes to it. Works the same with and without JavaScript.
 */
export default function JourneyStart() {
  const { t } = useTranslation();
  const result = useActionData<{ errors: Record<string, string[]> }>();
  const navigation = useNavigation();
  const pendingKind = navigation.formData?.get("sectionType");
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <PageTitle title={handle.title} />
        <p className="text-muted-foreground">{t("intake:start.intro")}</p>
      </header>
      <FormErrors errors={result?.errors[""]} />
      <ul className="grid gap-4 sm:grid-cols-2" data-testid="journey-kinds">
        {SERVICE_SECTION_VALUES.map((kind) => (
          <li key={kind} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-5">
            <h2 className="text-lg font-semibold">{t(`intake:journey.${kind}`)}</h2>
            <p className="text-sm text-muted-foreground">{t(`intake:journeyIntro.${kind}`)}</p>
            <Form method="post" className="mt-auto">
              <input type="hidden" name="intent" value="start" />
              <input type="hidden" name="sectionType" value={kind} />
              <SubmitButton pending={pendingKind === String(kind)}>{t("intake:start.begin", { journey: t(`intake:journey.${kind}`) })}</SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{t("intake:start.resume")}</p>
    </div>
  );
}
