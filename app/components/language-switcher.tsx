import { useTranslation } from "~/lib/use-translation";
import { useLocation } from "react-router";
import { SUPPORTED_LANGUAGES } from "~/lib/i18n";
import { useShell } from "~/lib/use-shell";
import { cn } from "~/lib/utils";

const NAMES: Record<(typeof SUPPORTED_LANGUAGES)[number], { label: string; lang: string }> = {
  "en-US": { label: "English", lang: "en" },
  "es-US": { label: "Español", lang: "es" },
};

/**
 * The language switcher: a plain form (works without JavaScript) posting to /actions/language, which sets
 * the `lng` cookie and reloads the page the user was on in the new language.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { formToken } = useShell();
  return (
    <form method="post" action="/actions/language" className={cn("flex items-center gap-1 text-sm", className)}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <input type="hidden" name="formToken" value={formToken} />
      <fieldset className="flex items-center gap-1">
        <legend className="sr-only">{t("common:language.label")}</legend>
        {SUPPORTED_LANGUAGES.map((language) => {
          const current = i18n.language === language;
          return (
            <button
              key={language}
              type="submit"
              name="lng"
              value={language}
              lang={NAMES[language].lang}
              aria-pressed={current}
              className={cn(
                "rounded-md px-2 py-1 font-medium",
                current ? "bg-secondary text-secondary-foreground" : "text-muted-foreground underline hover:text-foreground",
              )}
            >
              {NAMES[language].label}
            </button>
          );
        })}
      </fieldset>
    </form>
  );
}
