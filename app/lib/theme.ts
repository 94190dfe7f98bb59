/**
 * Themes (spec §1): the default theme, and the white-label "hmr" theme when the request's host name is one
 * of the program host names (HMR_HOSTS). The theme gives the brand name, logo and favicon; its colours are
 * the CSS variables of app/app.css under <html data-theme="hmr">.
 */
export type ThemeName = "default" | "hmr";

export type Theme = {
  name: ThemeName;
  /** Product brand: first part of every page title, logo text alternative. */
  brand: string;
  logo: string;
  favicon: string;
};

export const THEMES: Record<ThemeName, Theme> = {
  default: { name: "default", brand: "Telehealth", logo: "/logo-default.svg", favicon: "/favicon-default.svg" },
  hmr: { name: "hmr", brand: "HMR Program", logo: "/logo-hmr.svg", favicon: "/favicon-hmr.svg" },
};

export function themeForHost(hostname: string, hmrHosts: readonly string[]): Theme {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return hmrHosts.includes(host) ? THEMES.hmr : THEMES.default;
}

/** Page title: the brand plus the route's title (spec §1). */
export function pageTitle(brand: string, title?: string | null): string {
  return title ? `${brand} | ${title}` : brand;
}
