import { useTranslation } from "~/lib/use-translation";

/**
 * Full-screen spinner shown only while the client boots (spec §1). The inline script below (nonce'd, run
 * before the body is parsed) adds `booting` to <html>; hydration removes it (app/root.tsx). Without
 * JavaScript the class is never set and the spinner never shows. It also ends after 10 s in any case, so a
 * script that fails to load cannot hide the page for good.
 */
export const BOOT_SCRIPT = `document.documentElement.classList.add("booting");setTimeout(function(){document.documentElement.classList.remove("booting")},10000);`;

export function BootSpinner() {
  const { t } = useTranslation();
  return (
    <div
      className="fixed inset-0 z-[100] hidden items-center justify-center bg-background [.booting_&]:flex"
      role="status"
      aria-live="polite"
    >
      <span className="size-10 animate-spin rounded-full border-4 border-muted border-t-primary motion-reduce:animate-none" aria-hidden="true" />
      <span className="sr-only">{t("common:loading")}</span>
    </div>
  );
}
