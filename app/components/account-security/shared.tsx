import type { SubmissionResult } from "@conform-to/react";
import { useEffect, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { cn } from "~/lib/utils";
import type { SecurityActionData, SecurityIntent } from "./types";

/** Heading levels: the patient page's sections are h2 under its h1; on a profile page they sit under "Security" (h2). */
export type HeadingLevel = 2 | 3 | 4;

/** The level of a heading inside a section whose own heading has `level`. */
export const below = (level: HeadingLevel): HeadingLevel => (level === 2 ? 3 : 4);

const HEADING_SIZE = { xl: "text-xl", lg: "text-lg", base: "text-base" };

/** A section heading: text-xl at level 2, text-lg below, unless `size` says otherwise. */
export function Heading({ level, id, children, size }: { level: HeadingLevel; id?: string; children: ReactNode; size?: keyof typeof HEADING_SIZE }) {
  const Tag = level === 2 ? "h2" : level === 3 ? "h3" : "h4";
  return (
    <Tag id={id} className={cn(HEADING_SIZE[size ?? (level === 2 ? "xl" : "lg")], "font-semibold")}>
      {children}
    </Tag>
  );
}

/** One part of the panel: a titled card with its own anchor (the action redirects back to it). */
export function SecuritySection({
  id,
  title,
  level,
  description,
  aside,
  children,
}: {
  id: string;
  title: string;
  level: HeadingLevel;
  description?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-xl bg-card p-6 text-card-foreground ring-1 ring-border">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <Heading level={level} id={`${id}-title`}>
            {title}
          </Heading>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** The hidden field naming the form's intent. */
export function IntentField({ intent }: { intent: SecurityIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

/** True while this form's post is on its way (JavaScript only). */
export function useSubmitting(intent: SecurityIntent): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** The action's answer if it belongs to this form. */
export function replyFor(actionData: SecurityActionData | undefined, ...intents: SecurityIntent[]): SecurityActionData | undefined {
  return actionData && intents.includes(actionData.intent) ? actionData : undefined;
}

/**
 * Without JavaScript a refused form comes back without its passwords and codes (the reply hides them); with
 * JavaScript the form stays on the page, so they are emptied here the same way when the server refuses it.
 */
export function useClearSecrets(formId: string, lastResult: SubmissionResult<string[]> | undefined, ...names: string[]) {
  const list = names.join(" ");
  useEffect(() => {
    if (lastResult?.status !== "error") return;
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    for (const name of list.split(" ")) {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [formId, lastResult, list]);
}
