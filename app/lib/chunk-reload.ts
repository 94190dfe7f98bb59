/**
 * A failed lazy-load of a page's code (spec §1, §8) — typically after a deploy replaced the files — reloads
 * the page. React Router reloads the current page itself when a route module fails to import during a
 * navigation; this module makes that end on the page the user was going to, once, without loops:
 *  - each client navigation is noted in sessionStorage while it runs (navigate instrumentation);
 *  - if the page reloads in the middle of one (React Router's reload), the boot code finds the note and
 *    loads the intended page as a new document, which the server renders completely;
 *  - a second interrupted navigation to the same place within a minute does not redirect again.
 * Failures of other lazily imported chunks (Vite's `vite:preloadError`) reload the page once, guarded the same way.
 */
const PENDING = "th:pending-navigation";
const RETRIED = "th:chunk-retried";
const WINDOW_MS = 60_000;

type Note = { to: string; at: number };

function read(key: string): Note | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Note) : null;
  } catch {
    return null;
  }
}
function write(key: string, note: Note | null) {
  try {
    if (note) sessionStorage.setItem(key, JSON.stringify(note));
    else sessionStorage.removeItem(key);
  } catch {
    // sessionStorage unavailable: no recovery, React Router's plain reload still happens.
  }
}

/** Call before hydration. Returns true when it started loading another document. */
export function recoverInterruptedNavigation(): boolean {
  const pending = read(PENDING);
  write(PENDING, null);
  if (!pending || Date.now() - pending.at > WINDOW_MS) return false;
  const retried = read(RETRIED);
  if (retried && retried.to === pending.to && Date.now() - retried.at < WINDOW_MS) {
    console.error(`Loading ${pending.to} failed twice; not retrying.`);
    return false;
  }
  const here = location.pathname + location.search;
  if (pending.to === here) return false;
  write(RETRIED, { to: pending.to, at: Date.now() });
  location.assign(pending.to);
  return true;
}

export const navigationInstrumentation = {
  router({ instrument }: { instrument: (i: { navigate?: (impl: () => Promise<unknown>, info: { to: string | number }) => Promise<void> }) => void }) {
    instrument({
      async navigate(impl, { to }) {
        if (typeof to === "string") write(PENDING, { to, at: Date.now() });
        await impl();
        write(PENDING, null);
      },
    });
  },
};

export function installPreloadErrorReload() {
  window.addEventListener("vite:preloadError", (event) => {
    const here = location.pathname + location.search;
    const retried = read(RETRIED);
    if (retried && retried.to === here && Date.now() - retried.at < WINDOW_MS) return; // let the error surface
    event.preventDefault();
    write(RETRIED, { to: here, at: Date.now() });
    location.reload();
  });
}
