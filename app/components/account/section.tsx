import { useId, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { FormErrors } from "~/components/form-field";
import { cn } from "~/lib/utils";

/** A titled panel of an account page (a <section> named by its heading). */
export function AccountSection({
  title,
  description,
  children,
  className,
  actions,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Beside the title (a button or link). */
  actions?: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId} className={cn("flex flex-col gap-4 rounded-lg border bg-card p-4 sm:p-6", className)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Is a form with this `intent` (and optionally this `id` field) being submitted right now? (JavaScript only.) */
export function useSubmitting(intent: string, id?: string | number): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting" || !navigation.formData) return false;
  if (navigation.formData.get("intent") !== intent) return false;
  return id === undefined || navigation.formData.get("id") === String(id);
}

/** The account pages' hidden intent field (one per form, ARCHITECTURE §4). */
export function Intent({ value }: { value: string }) {
  return <input type="hidden" name="intent" value={value} />;
}

/** Form-level errors spanning a grid form's full width (nothing at all when there are none). */
export function FullWidthFormErrors({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors || errors.length === 0) return null;
  return (
    <div className="col-span-full">
      <FormErrors errors={errors} id={id} />
    </div>
  );
}
