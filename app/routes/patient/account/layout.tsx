import { useTranslation } from "~/lib/use-translation";
import { Link, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { Icon } from "~/components/icons";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { MenuLinks } from "~/components/patient-nav";
import { SkipLink } from "~/components/skip-link";
import { PATIENT_ACCOUNT_MENU, visibleItems } from "~/lib/patient-menu";
import { loadProfileSummary } from "~/lib/profile.server";
import { takeToasts } from "~/lib/toast.server";
import type { RouteHandle } from "~/lib/route-handle";

/** Translation namespaces of the pages below (app/lib/route-handle.ts). */
export const handle = { i18n: ["account"] } satisfies RouteHandle;

/**
 * Account layout (spec §2): a close link back to the overview and the account menu (back to overview, profile,
 * my pharmacy, billing, payment details, security). Plain links: the same on mobile and desktop, with or
 * without JavaScript.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const profile = await loadProfileSummary(context);
  return { profile, toasts: takeToasts(context) };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="flex h-16 items-center justify-between gap-4 border-b px-4 sm:px-8">
        <Logo to="/patient" />
        <div className="flex items-center gap-3">
          <LanguageSwitcher />
          <Link
            to="/patient"
            className="inline-flex size-10 items-center justify-center rounded-full text-muted-foreground hover:bg-secondary-hover hover:text-foreground"
            aria-label={t("common:account.close")}
          >
            <Icon name="close" />
          </Link>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-[1320px] flex-1 flex-col gap-8 px-4 py-8 sm:px-8 lg:flex-row">
        {/* Below the large breakpoint the menu is one row that scrolls sideways; a column beside the page above it. */}
        <nav aria-label={t("common:account.menu")} className="-mx-4 overflow-x-auto px-4 sm:-mx-8 sm:px-8 lg:mx-0 lg:w-64 lg:shrink-0 lg:overflow-visible lg:px-0">
          <MenuLinks
            items={visibleItems(PATIENT_ACCOUNT_MENU, loaderData.profile)}
            unread={0}
            className="flex flex-row gap-1 lg:flex-col"
            itemClassName="shrink-0 whitespace-nowrap"
          />
        </nav>
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col gap-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
