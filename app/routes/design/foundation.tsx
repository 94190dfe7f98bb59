/**
 * /_design/foundation (spec §2): the design tokens of app/app.css — colours of both themes side by
 * side, text pairs with their contrast, type scale, spacing, radii and breakpoints (spec §9).
 * `?theme=hmr` previews the white-label theme for the whole page (design pages only).
 */
import { useTranslation } from "~/lib/use-translation";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { RouteHandle } from "~/lib/route-handle";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/foundation";
import { DemoSection, DesignFrame, previewTheme, withTheme, type PreviewTheme } from "./shared";

export async function loader({ request }: Route.LoaderArgs) {
  return { theme: previewTheme(new URL(request.url)) };
}

/** Page title: brand + this (app/root.tsx reads handle.title). */
export const handle: RouteHandle = { title: "design:pageTitle.foundation" };

// Class names written out in full so Tailwind generates them.
const SURFACES = [
  { token: "background", swatch: "bg-background" },
  { token: "foreground", swatch: "bg-foreground" },
  { token: "card", swatch: "bg-card" },
  { token: "popover", swatch: "bg-popover" },
  { token: "muted", swatch: "bg-muted" },
  { token: "muted-foreground", swatch: "bg-muted-foreground" },
  { token: "primary", swatch: "bg-primary" },
  { token: "primary-foreground", swatch: "bg-primary-foreground" },
  { token: "primary-hover", swatch: "bg-primary-hover" },
  { token: "primary-subtle", swatch: "bg-primary-subtle" },
  { token: "secondary", swatch: "bg-secondary" },
  { token: "secondary-foreground", swatch: "bg-secondary-foreground" },
  { token: "accent", swatch: "bg-accent" },
  { token: "border", swatch: "bg-border" },
  { token: "input", swatch: "bg-input" },
  { token: "ring", swatch: "bg-ring" },
  { token: "overlay", swatch: "bg-overlay" },
] as const;

const STATUS = [
  { token: "error", swatch: "bg-error", subtle: "bg-error-subtle", text: "text-error" },
  { token: "warning", swatch: "bg-warning", subtle: "bg-warning-subtle", text: "text-warning" },
  { token: "success", swatch: "bg-success", subtle: "bg-success-subtle", text: "text-success" },
  { token: "light-blue", swatch: "bg-light-blue", subtle: "bg-light-blue-subtle", text: "text-light-blue" },
  { token: "purple", swatch: "bg-purple", subtle: "bg-purple-subtle", text: "text-purple" },
  { token: "pink", swatch: "bg-pink", subtle: "bg-pink-subtle", text: "text-pink" },
] as const;

const PAIRS = [
  { fg: "foreground", bg: "background", className: "bg-background text-foreground" },
  { fg: "muted-foreground", bg: "background", className: "bg-background text-muted-foreground" },
  { fg: "muted-foreground", bg: "muted", className: "bg-muted text-muted-foreground" },
  { fg: "primary-foreground", bg: "primary", className: "bg-primary text-primary-foreground" },
  { fg: "primary", bg: "primary-subtle", className: "bg-primary-subtle text-primary" },
  { fg: "secondary-foreground", bg: "secondary", className: "bg-secondary text-secondary-foreground" },
  { fg: "error-foreground", bg: "error", className: "bg-error text-error-foreground" },
  { fg: "error", bg: "error-subtle", className: "bg-error-subtle text-error" },
  { fg: "warning-foreground", bg: "warning", className: "bg-warning text-warning-foreground" },
  { fg: "warning", bg: "warning-subtle", className: "bg-warning-subtle text-warning" },
  { fg: "success-foreground", bg: "success", className: "bg-success text-success-foreground" },
  { fg: "success", bg: "success-subtle", className: "bg-success-subtle text-success" },
  { fg: "light-blue-foreground", bg: "light-blue", className: "bg-light-blue text-light-blue-foreground" },
  { fg: "light-blue", bg: "light-blue-subtle", className: "bg-light-blue-subtle text-light-blue" },
  { fg: "purple-foreground", bg: "purple", className: "bg-purple text-purple-foreground" },
  { fg: "purple", bg: "purple-subtle", className: "bg-purple-subtle text-purple" },
  { fg: "pink-foreground", bg: "pink", className: "bg-pink text-pink-foreground" },
  { fg: "pink", bg: "pink-subtle", className: "bg-pink-subtle text-pink" },
] as const;

const TYPE_SCALE = [
  { name: "text-xs", size: "12px / 16px", className: "text-xs" },
  { name: "text-sm", size: "14px / 20px", className: "text-sm" },
  { name: "text-base", size: "16px / 24px", className: "text-base" },
  { name: "text-lg", size: "18px / 28px", className: "text-lg" },
  { name: "text-xl", size: "20px / 28px", className: "text-xl" },
  { name: "text-2xl", size: "24px / 32px", className: "text-2xl" },
  { name: "text-3xl", size: "30px / 36px", className: "text-3xl" },
  { name: "text-4xl", size: "36px / 40px", className: "text-4xl" },
] as const;

const WEIGHTS = [
  { name: "font-normal", className: "font-normal" },
  { name: "font-medium", className: "font-medium" },
  { name: "font-semibold", className: "font-semibold" },
  { name: "font-bold", className: "font-bold" },
] as const;

const SPACING = [
  { name: "1", px: 4, className: "w-1" },
  { name: "2", px: 8, className: "w-2" },
  { name: "3", px: 12, className: "w-3" },
  { name: "4", px: 16, className: "w-4" },
  { name: "6", px: 24, className: "w-6" },
  { name: "8", px: 32, className: "w-8" },
  { name: "12", px: 48, className: "w-12" },
  { name: "16", px: 64, className: "w-16" },
  { name: "24", px: 96, className: "w-24" },
] as const;

const RADII = [
  { name: "rounded-sm", className: "rounded-sm" },
  { name: "rounded-md", className: "rounded-md" },
  { name: "rounded-lg", className: "rounded-lg" },
  { name: "rounded-xl", className: "rounded-xl" },
  { name: "rounded-full", className: "rounded-full" },
] as const;

const BREAKPOINTS = [
  { name: "sm", px: 640, marker: "hidden sm:inline-flex md:hidden" },
  { name: "md", px: 768, marker: "hidden md:inline-flex lg:hidden" },
  { name: "lg", px: 1024, marker: "hidden lg:inline-flex xl:hidden" },
  { name: "xl", px: 1280, marker: "hidden xl:inline-flex 2xl:hidden" },
  { name: "2xl", px: 1536, marker: "hidden 2xl:inline-flex" },
] as const;

/** One theme's colours, rendered inside its own data-theme wrapper. */
function ThemeColours({ theme, heading }: { theme: PreviewTheme; heading: string }) {
  const { t } = useTranslation("design");
  return (
    <div data-theme={theme} className="grid content-start gap-6 rounded-lg border p-5" data-testid={`theme-${theme}`}>
      <h3 className="text-lg font-semibold">{heading}</h3>
      <div className="grid gap-2">
        <h4 className="text-sm font-semibold">{t("foundation.surfaces")}</h4>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {SURFACES.map((s) => (
            <li key={s.token} className="flex items-center gap-3">
              <span aria-hidden="true" className={cn("size-8 shrink-0 rounded-md border", s.swatch)} />
              <code className="text-xs">--{s.token}</code>
            </li>
          ))}
        </ul>
      </div>
      <div className="grid gap-2">
        <h4 className="text-sm font-semibold">{t("foundation.status")}</h4>
        <ul className="grid gap-2">
          {STATUS.map((s) => (
            <li key={s.token} className="flex items-center gap-3">
              <span aria-hidden="true" className={cn("size-8 shrink-0 rounded-md", s.swatch)} />
              <span aria-hidden="true" className={cn("size-8 shrink-0 rounded-md border", s.subtle)} />
              <code className={cn("text-xs font-medium", s.text)}>
                --{s.token} / --{s.token}-subtle
              </code>
            </li>
          ))}
        </ul>
      </div>
      <div className="grid gap-2">
        <h4 className="text-sm font-semibold">{t("foundation.pairs")}</h4>
        <ul className="grid gap-1.5">
          {PAIRS.map((p) => (
            <li key={`${p.fg}-${p.bg}`} className={cn("rounded-md border px-3 py-1.5 text-sm", p.className)}>
              {p.fg} / {p.bg}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm">{t("foundation.sampleButton")}</Button>
        <Button size="sm" variant="outline">
          {t("foundation.sampleOutline")}
        </Button>
        <Badge variant="success">{t("badge.variant.success")}</Badge>
      </div>
    </div>
  );
}

export default function DesignFoundationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("design");
  const { theme } = loaderData;
  const path = "/_design/foundation";
  return (
    <DesignFrame
      theme={theme}
      current="foundation"
      title={t("foundation.title")}
      intro={t("foundation.intro")}
      themeToggleHref={theme === "hmr" ? path : withTheme(path, "hmr")}
    >
      <DemoSection title={t("foundation.colours")} description={t("foundation.coloursHelp")} flush>
        <div className="grid gap-4 p-4 lg:grid-cols-2">
          <ThemeColours theme="default" heading={t("foundation.themeDefault")} />
          <ThemeColours theme="hmr" heading={t("foundation.themeHmr")} />
        </div>
      </DemoSection>

      <DemoSection title={t("foundation.typography")} description={t("foundation.typographyHelp")}>
        <table className="w-full text-left">
          <caption className="sr-only">{t("foundation.typography")}</caption>
          <thead className="text-sm text-muted-foreground">
            <tr className="border-b">
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("foundation.token")}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("foundation.size")}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t("foundation.sample")}
              </th>
            </tr>
          </thead>
          <tbody>
            {TYPE_SCALE.map((row) => (
              <tr key={row.name} className="border-b last:border-0">
                <td className="py-2 pr-4 font-mono text-xs">{row.name}</td>
                <td className="py-2 pr-4 text-sm text-muted-foreground">{row.size}</td>
                <td className={cn("py-2", row.className)}>{t("foundation.pangram")}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="mt-6 flex flex-wrap gap-6">
          {WEIGHTS.map((w) => (
            <li key={w.name} className={w.className}>
              {w.name}
            </li>
          ))}
        </ul>
      </DemoSection>

      <DemoSection title={t("foundation.spacing")} description={t("foundation.spacingHelp")}>
        <ul className="grid gap-2">
          {SPACING.map((s) => (
            <li key={s.name} className="grid grid-cols-[4rem_4rem_1fr] items-center gap-3 text-sm">
              <code className="text-xs">{s.name}</code>
              <span className="text-muted-foreground">{s.px}px</span>
              <span aria-hidden="true" className={cn("h-3 rounded-sm bg-primary", s.className)} />
            </li>
          ))}
        </ul>
      </DemoSection>

      <DemoSection title={t("foundation.radius")} className="flex flex-wrap gap-6">
        {RADII.map((r) => (
          <div key={r.name} className="grid justify-items-center gap-2">
            <span aria-hidden="true" className={cn("size-16 border-2 border-primary bg-primary-subtle", r.className)} />
            <code className="text-xs">{r.name}</code>
          </div>
        ))}
      </DemoSection>

      <DemoSection title={t("foundation.breakpoints")} description={t("foundation.breakpointsHelp")}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("foundation.breakpoints")}</caption>
          <thead className="text-muted-foreground">
            <tr className="border-b">
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("foundation.prefix")}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("foundation.minWidth")}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t("foundation.current")}
              </th>
            </tr>
          </thead>
          <tbody>
            {BREAKPOINTS.map((b) => (
              <tr key={b.name} className="border-b last:border-0">
                <td className="py-2 pr-4 font-mono text-xs">{b.name}:</td>
                <td className="py-2 pr-4">{b.px}px</td>
                <td className="py-2">
                  <span className={b.marker}>
                    <Badge variant="primary">{t("foundation.active")}</Badge>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-sm text-muted-foreground">
          <span className="sm:hidden">{t("foundation.belowSm")}</span>
        </p>
      </DemoSection>

      <DemoSection title={t("foundation.focus")} description={t("foundation.focusHelp")} className="flex flex-wrap gap-3">
        <Button variant="outline">{t("foundation.focusSample")}</Button>
        <a href="/_design/components/button" className="rounded-sm text-primary underline">
          {t("foundation.focusLink")}
        </a>
      </DemoSection>
    </DesignFrame>
  );
}
