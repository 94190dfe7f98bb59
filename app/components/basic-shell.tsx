import type { ReactNode } from "react";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { SkipLink } from "./skip-link";

/** The basic centered layout (spec §2 "Other layouts"): logo, one centered column, language switcher. */
export function BasicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-8">
        <Logo to="/" />
        <LanguageSwitcher />
      </header>
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-6 px-4 py-10 sm:px-6">
        {children}
      </main>
    </div>
  );
}
