/**
 * Pieces shared by the /_design pages (spec §2): the list of components, the page frame with its
 * navigation and theme preview, and the <output> that echoes submitted form values.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/lib/use-translation";
import { SkipLink } from "~/components/skip-link";
import { cn } from "~/lib/utils";

export const COMPONENT_NAMES = [
  "alert",
  "avatar",
  "badge",
  "breadcrumbs",
  "button",
  "button-group",
  "chart",
  "checkbox",
  "featured-icon",
  "input",
  "modal",
  "radio",
  "select",
  "switch",
  "tabs",
  "textarea",
  "tooltip",
  "tag-input",
  "search-input",
] as const;

export type ComponentName = (typeof COMPONENT_NAMES)[number];

export function isComponentName(name: string | undefined): name is ComponentName {
  return (COMPONENT_NAMES as readonly string[]).includes(name ?? "");
}

export type PreviewTheme = "default" | "hmr";

/** `?theme=hmr` previews the white-label theme on the design pages only. */
export function previewTheme(url: URL): PreviewTheme | undefined {
  const theme = url.searchParams.get("theme");
  return theme === "hmr" || theme === "default" ? theme : undefined;
}

/** Query parameters that steer the page itself, never echoed as submitted values. */
export const RESERVED_PARAMS = new Set(["theme", "tab", "modal"]);

/** Keep the theme preview when linking between design pages. */
export function withTheme(path: string, theme: PreviewTheme | undefined): string {
  if (!theme) return path;
  return `${path}${path.includes("?") ? "&" : "?"}theme=${theme}`;
}

export function DesignFrame({
  theme,
  current,
  title,
  intro,
  themeToggleHref,
  children,
}: {
  theme: PreviewTheme | undefined;
  /** "foundation" or a component name. */
  current: string;
  title: ReactNode;
  intro?: ReactNode;
  /** Same page with the other theme. */
  themeToggleHref: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("design");
  const navLink = (active: boolean) =>
    cn(
      "block rounded-md px-3 py-1.5 text-sm",
      active ? "bg-primary-subtle font-medium text-primary" : "text-muted-foreground hover:bg-muted hover:text-foreground",
    );
  return (
    <div data-theme={theme} className="min-h-dvh bg-background text-foreground">
      <SkipLink />
      <div className="mx-auto grid max-w-[1320px] gap-8 px-4 py-6 sm:px-6 lg:grid-cols-[220px_minmax(0,1fr)] lg:py-10">
        <nav aria-label={t("nav.label")} className="lg:sticky lg:top-6 lg:self-start">
          <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {t("nav.heading")}
          </p>
          <ul className="grid gap-0.5">
            <li>
              <Link
                to={withTheme("/_design/foundation", theme)}
                aria-current={current === "foundation" ? "page" : undefined}
                className={navLink(current === "foundation")}
              >
                {t("foundation.title")}
              </Link>
            </li>
            {COMPONENT_NAMES.map((name) => (
              <li key={name}>
                <Link
                  to={withTheme(`/_design/components/${name}`, theme)}
                  aria-current={current === name ? "page" : undefined}
                  className={navLink(current === name)}
                >
                  {t(`components.${name}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="grid min-w-0 content-start gap-8 focus:outline-none">
          <header className="grid gap-3 border-b pb-6">
            <p className="text-sm font-medium text-primary">{t("eyebrow")}</p>
            <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
            {intro ? <p className="max-w-prose text-muted-foreground">{intro}</p> : null}
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span>{theme === "hmr" ? t("theme.currentHmr") : t("theme.currentDefault")}</span>
              <Link to={themeToggleHref} className="font-medium text-primary underline underline-offset-4">
                {theme === "hmr" ? t("theme.showDefault") : t("theme.showHmr")}
              </Link>
            </p>
            <p className="text-xs text-muted-foreground">{t("theme.note")}</p>
          </header>
          {children}
        </main>
      </div>
    </div>
  );
}

/** A titled block of examples. */
export function DemoSection({
  title,
  description,
  children,
  flush = false,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** No padding in the card: the content brings its own. */
  flush?: boolean;
  className?: string;
}) {
  return (
    <section className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">{title}</h2>
        {description ? <p className="max-w-prose text-sm text-muted-foreground">{description}</p> : null}
      </div>
      <div className={cn("rounded-lg border bg-card text-card-foreground", !flush && "p-6", className)}>{children}</div>
    </section>
  );
}

/** The values the last form submission carried (GET query or POST body), echoed by the server. */
export function Submitted({ entries }: { entries: [string, string][] | undefined }) {
  const { t } = useTranslation("design");
  return (
    <section className="grid gap-2" aria-labelledby="submitted-heading">
      <h2 id="submitted-heading" className="text-xl font-semibold">
        {t("submitted.title")}
      </h2>
      <output
        data-testid="submitted"
        aria-live="polite"
        className="block rounded-lg border bg-muted p-4 font-mono text-sm text-foreground"
      >
        {entries && entries.length > 0 ? (
          entries.map(([name, value], index) => (
            <span key={index} className="block">
              {name}={value}
            </span>
          ))
        ) : (
          <span className="font-sans text-muted-foreground">{t("submitted.none")}</span>
        )}
      </output>
    </section>
  );
}

/** Hidden field that keeps the theme preview across a GET submission. */
export function ThemeField({ theme }: { theme: PreviewTheme | undefined }) {
  return theme ? <input type="hidden" name="theme" value={theme} /> : null;
}
