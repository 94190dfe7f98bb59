/**
 * /_design/components/{component} (spec §2): every variant and state of one design-system component.
 * Values of the example forms are echoed back (GET: from the query; POST: by the action), so each
 * control can be checked to submit with JavaScript off. `?theme=hmr` previews the white-label theme on
 * these pages only (the product picks the theme from the host name).
 */
import { data } from "react-router";
import { useTranslation } from "~/lib/use-translation";
import { parseTags } from "~/components/ui/tag-input";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/component";
import { DEMOS, FORM_DEMOS, POST_DEMOS } from "./demos";
import { DesignFrame, isComponentName, previewTheme, RESERVED_PARAMS, Submitted, withTheme } from "./shared";
import { readForm } from "~/lib/csrf.server";

export async function loader({ params, request }: Route.LoaderArgs) {
  const component = params.component;
  if (!isComponentName(component)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const theme = previewTheme(url);
  const submitted: [string, string][] = [...url.searchParams].filter(([name]) => !RESERVED_PARAMS.has(name));
  const query = Object.fromEntries(url.searchParams);
  return { component, theme, submitted, query };
}

export async function action({ params, request }: Route.ActionArgs) {
  const component = params.component;
  if (!isComponentName(component) || !POST_DEMOS.has(component)) throw data(null, { status: 404 });
  const form = await readForm(request);
  const submitted: [string, string][] = [];
  for (const [name, value] of form) if (typeof value === "string") submitted.push([name, value]);
  if (component === "tag-input") {
    submitted.push(["tags (parseTags)", parseTags(form.getAll("tags")).join(" | ")]);
    submitted.push(["allergies (parseTags)", parseTags(form.getAll("allergies")).join(" | ")]);
  }
  return { submitted };
}

/**
 * Page title (brand + this, app/root.tsx). The shell's handle title is a static key, so it names the
 * section; the <h1> names the component.
 */
export const handle: RouteHandle = { title: "design:pageTitle.component" };

export default function DesignComponentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("design");
  const { component, theme, submitted, query } = loaderData;
  const Demo = DEMOS[component];
  const path = `/_design/components/${component}`;
  const otherTheme = theme === "hmr" ? path : withTheme(path, "hmr");
  const entries = POST_DEMOS.has(component) ? actionData?.submitted : submitted;

  return (
    <DesignFrame
      theme={theme}
      current={component}
      title={t(`components.${component}.title`)}
      intro={t(`components.${component}.description`)}
      themeToggleHref={otherTheme}
    >
      <Demo theme={theme} query={query} />
      {FORM_DEMOS.has(component) ? <Submitted entries={entries} /> : null}
    </DesignFrame>
  );
}
