import { useTranslation } from "~/lib/use-translation";

/** First focusable element of every layout: jumps over the navigation to <main id="main">. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-[95] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t("common:skipToContent")}
    </a>
  );
}
