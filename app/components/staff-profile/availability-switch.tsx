import { Form, useLocation, useNavigation } from "react-router";
import { cn } from "~/lib/utils";
import { useTranslation } from "~/lib/use-translation";
import { AVAILABILITIES, type Availability } from "../../../api/contract/schedule-rules.ts";

const DOT: Record<Availability, string> = { available: "bg-success", unavailable: "bg-error", unknown: "bg-muted-foreground" };

/**
 * The header's availability switch (spec §2: available / not available / unknown): one plain form, a submit button
 * per value (the current one pressed), posted to the profile page (intent availability), which saves the caller's
 * own availability and comes back to this page with a toast. Works without JavaScript.
 */
export function AvailabilitySwitch({ current, profilePath }: { current: Availability | null | undefined; profilePath: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "availability" ? String(navigation.formData.get("availability")) : null;
  const shown = (pending as Availability | null) ?? current ?? "unknown";
  return (
    <Form method="post" action={profilePath} className="border-b px-2 py-3" data-testid="availability-switch">
      <input type="hidden" name="intent" value="availability" />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <fieldset>
        <legend className="mb-2 text-xs font-medium text-muted-foreground">{t("staffOps:schedule.availability")}</legend>
        <div className="grid grid-cols-3 gap-1 rounded-md bg-muted p-1">
          {AVAILABILITIES.map((value) => (
            <button
              key={value}
              type="submit"
              name="availability"
              value={value}
              aria-pressed={shown === value}
              className={cn(
                "flex min-h-8 items-center justify-center gap-1.5 rounded px-1.5 py-1 text-xs font-medium",
                shown === value ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:bg-background/60",
              )}
            >
              <span aria-hidden="true" className={cn("size-2 shrink-0 rounded-full", DOT[value])} />
              {t(`staffOps:availability.${value}`)}
            </button>
          ))}
        </div>
      </fieldset>
    </Form>
  );
}
