import { useCallback, useEffect, useId, useLayoutEffect, useRef, type ComponentProps, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { cn } from "~/lib/utils";
import { XIcon } from "./icons";
import { useHydrated } from "./use-hydrated";

const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

export type ModalProps = Omit<ComponentProps<"dialog">, "open" | "title"> & {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  /**
   * Route-driven modal: the parent URL. Without JavaScript the close button (and a click on the
   * backdrop) is a link there; with JavaScript Escape and a backdrop click navigate there too.
   */
  closeHref?: string;
  /** State-driven modal: called on Escape, backdrop click and the close button. */
  onClose?: () => void;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** default 480px (spec §9), wide 800px (task modals). */
  size?: "default" | "wide";
  /** Content pinned under the body: the buttons. */
  footer?: ReactNode;
  /** Content before the title (a FeaturedIcon). */
  icon?: ReactNode;
};

/**
 * Modal dialog on a native <dialog>.
 *
 * - Without JavaScript (server render with `open`): the dialog is rendered open in the page as a
 *   fixed, centred panel over a dimmed backdrop, with role dialog and aria-modal; close is a link back
 *   to `closeHref` (a nested route rendered over its parent).
 * - With JavaScript: `showModal()` (top layer, inert page, focus moved inside); Escape and a click on
 *   the backdrop close it (navigate to `closeHref` or call `onClose`), and focus returns to the element
 *   that was focused when it opened (the opener).
 */
export function Modal({
  open,
  title,
  description,
  closeHref,
  onClose,
  closeLabel = "Close",
  size = "default",
  footer,
  icon,
  className,
  children,
  ...props
}: ModalProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);
  const openRef = useRef(open);
  openRef.current = open;
  const titleId = useId();
  const descriptionId = useId();

  const requestClose = useCallback(() => {
    if (onClose) onClose();
    else if (closeHref !== undefined) navigate(closeHref, { preventScrollReset: true });
  }, [onClose, closeHref, navigate]);
  const requestCloseRef = useRef(requestClose);
  requestCloseRef.current = requestClose;

  // Open/close the native dialog once React runs in the browser.
  useIsomorphicLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!hydrated || !dialog) return;
    if (open && !dialog.matches(":modal")) {
      const active = document.activeElement;
      openerRef.current = active && active !== document.body && !dialog.contains(active) ? active : openerRef.current;
      if (dialog.open) dialog.close(); // rendered open (non-modal) by the server
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, hydrated]);

  // On unmount while open (route-driven modal: the route changed), give focus back to the opener.
  useEffect(() => {
    return () => {
      const opener = openerRef.current;
      if (opener instanceof HTMLElement && opener.isConnected && openRef.current) {
        requestAnimationFrame(() => opener.isConnected && opener.focus());
      }
    };
  }, []);

  // A layout effect, like the one that opens the dialog: listening from a passive effect left a gap between
  // showModal() and the listener in which an Escape closed the dialog without leaving its URL (seen in a
  // test pressing Escape as soon as the dialog showed; a quick user on a slow phone could do the same).
  useIsomorphicLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!hydrated || !dialog) return;
    // Closed natively (Escape, which fires "cancel" then "close") or by us: give focus back to the
    // opener and, if the owner still thinks the modal is open, ask it to close.
    const onNativeClose = () => {
      if (dialog.open) return; // re-opened as a modal right after the server-rendered open state
      const opener = openerRef.current;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      if (openRef.current) requestCloseRef.current();
    };
    const onClick = (event: MouseEvent) => {
      if (event.target !== dialog) return;
      const rect = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= rect.left &&
        event.clientX <= rect.right &&
        event.clientY >= rect.top &&
        event.clientY <= rect.bottom;
      if (!inside) requestCloseRef.current();
    };
    dialog.addEventListener("close", onNativeClose);
    dialog.addEventListener("click", onClick);
    return () => {
      dialog.removeEventListener("close", onNativeClose);
      dialog.removeEventListener("click", onClick);
    };
  }, [hydrated]);

  const serverOpen = !hydrated && open;

  const closeClasses =
    "absolute right-3 top-3 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground [&_svg]:size-5";

  return (
    <>
      {serverOpen && closeHref !== undefined ? (
        // No-JavaScript backdrop: dims the page, and a click on it goes back to the parent URL.
        <a
          href={closeHref}
          tabIndex={-1}
          aria-hidden="true"
          data-modal-backdrop=""
          className="fixed inset-0 z-40 block bg-overlay"
        />
      ) : serverOpen ? (
        <div aria-hidden="true" data-modal-backdrop="" className="fixed inset-0 z-40 bg-overlay" />
      ) : null}
      <dialog
        ref={dialogRef}
        open={serverOpen || undefined}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          "ui-modal fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto",
          "rounded-lg border bg-card p-0 text-card-foreground shadow-xl",
          size === "wide" ? "max-w-[800px]" : "max-w-[480px]",
          className,
        )}
        {...props}
      >
        <div className="relative grid gap-4 p-6">
          <header className="grid gap-3 pr-10">
            {icon}
            <h2 id={titleId} className="text-lg font-semibold text-foreground">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="text-sm text-muted-foreground">
                {description}
              </p>
            ) : null}
          </header>
          {children ? <div className="grid gap-4 text-sm">{children}</div> : null}
          {footer ? <footer className="mt-2 flex flex-wrap justify-end gap-3">{footer}</footer> : null}
          {closeHref !== undefined && !onClose ? (
            <Link to={closeHref} preventScrollReset aria-label={closeLabel} className={closeClasses}>
              <XIcon />
            </Link>
          ) : (
            <button type="button" onClick={requestClose} aria-label={closeLabel} className={closeClasses}>
              <XIcon />
            </button>
          )}
        </div>
      </dialog>
    </>
  );
}
