import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { TOAST_DURATION_MS, TOAST_LIMIT, type Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { Icon, type IconName } from "./icons";
import { CONNECTION_LOST_EVENT } from "~/lib/offline";

/**
 * Floating at the top right, just below the layouts' 64 px header bars (so the header's menus stay usable):
 * always once hydrated; before that only while the boot script says JavaScript runs.
 */
const FLOATING = "fixed top-20 right-4 left-4 sm:left-auto sm:w-96";
const IN_FLOW =
  "relative ml-auto w-full max-w-96 [.booting_&]:fixed [.booting_&]:top-20 [.booting_&]:right-4 [.booting_&]:left-4 [.booting_&]:p-0 sm:[.booting_&]:left-auto sm:[.booting_&]:w-96";

const STYLE: Record<Toast["type"], { icon: IconName; className: string }> = {
  success: { icon: "check", className: "border-success text-success" },
  error: { icon: "alert", className: "border-error text-error" },
  warning: { icon: "alert", className: "border-warning text-warning" },
  info: { icon: "info", className: "border-primary text-primary" },
};

/**
 * Toasts at the top right (spec §9): at most 5 at a time. With JavaScript they float over the page and each
 * disappears after 5000 ms (or when closed). Without JavaScript they cannot be closed, so instead of covering
 * the page's header they sit at the top right of the page itself, in a polite live region, until the next
 * page. (The boot script's `booting` class switches to the floating form before the first paint.)
 */
export function Toaster({ toasts }: { toasts: Toast[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [items, setItems] = useState<Toast[]>(() => toasts.slice(-TOAST_LIMIT));
  const seen = useRef(new Set(toasts.map((toast) => toast.id)));

  useEffect(() => {
    const fresh = toasts.filter((toast) => !seen.current.has(toast.id));
    if (fresh.length === 0) return;
    for (const toast of fresh) seen.current.add(toast.id);
    setItems((current) => [...current, ...fresh].slice(-TOAST_LIMIT));
  }, [toasts]);

  // The browser lost its connection (app/lib/offline.ts): the spec §8 toast, one at a time (its text key is its id).
  useEffect(() => {
    const key = "common:errors.network";
    const onLost = () =>
      setItems((current) => (current.some((item) => item.id === key) ? current : [...current, { id: key, type: "error" as const, message: t(key) }].slice(-TOAST_LIMIT)));
    window.addEventListener(CONNECTION_LOST_EVENT, onLost);
    return () => window.removeEventListener(CONNECTION_LOST_EVENT, onLost);
  }, [t]);

  const dismiss = (id: string) => setItems((current) => current.filter((toast) => toast.id !== id));

  return (
    <section
      aria-label={t("common:toasts.region")}
      className={cn(
        "pointer-events-none z-[90] flex flex-col items-end gap-2",
        hydrated ? FLOATING : IN_FLOW,
        !hydrated && items.length > 0 ? "p-4" : null,
      )}
    >
      <div aria-live="polite" aria-atomic="false" className="flex w-full flex-col gap-2">
        {items.map((toast) => (
          <ToastItem key={toast.id} toast={toast} autoDismiss={hydrated} onDismiss={() => dismiss(toast.id)} closeLabel={t("common:toasts.close")} />
        ))}
      </div>
    </section>
  );
}

function ToastItem({
  toast,
  autoDismiss,
  onDismiss,
  closeLabel,
}: {
  toast: Toast;
  autoDismiss: boolean;
  onDismiss: () => void;
  closeLabel: string;
}) {
  const style = STYLE[toast.type];
  useEffect(() => {
    if (!autoDismiss) return;
    const timer = setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoDismiss, toast.id]);
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-toast={toast.type}
      className={cn(
        "pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 bg-card p-4 text-sm shadow-lg ring-1 ring-border",
        style.className,
      )}
    >
      <Icon name={style.icon} className="mt-0.5 size-5 shrink-0" />
      <p className="flex-1 text-card-foreground">{toast.message}</p>
      {autoDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          className="-m-1 rounded p-1 text-muted-foreground hover:text-foreground"
          aria-label={closeLabel}
        >
          <Icon name="close" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
