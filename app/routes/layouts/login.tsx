import { useTranslation } from "~/lib/use-translation";
import { Link, Outlet } from "react-router";
import { Icon } from "~/components/icons";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { SkipLink } from "~/components/skip-link";
import type { RouteHandle } from "~/lib/route-handle";

/** Translation namespaces of the pages below (app/lib/route-handle.ts). */
export const handle = { i18n: ["security"] } satisfies RouteHandle;

/**
 * Login layout (spec §2): the sign-in and password pages in a card, with a close button on large screens
 * (back to the start page).
 */
export default function LoginLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-muted">
      <SkipLink />
      <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-8">
        <Logo to="/" />
        <div className="flex items-center gap-4">
          <LanguageSwitcher />
          <Link
            to="/"
            className="hidden size-10 items-center justify-center rounded-full text-muted-foreground hover:bg-secondary-hover hover:text-foreground lg:inline-flex"
            aria-label={t("common:actions.close")}
            data-testid="login-close"
          >
            <Icon name="close" />
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-12">
        <div className="w-full max-w-md rounded-xl bg-card p-6 text-card-foreground shadow-sm ring-1 ring-border sm:p-8">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
