import { useEffect, useRef } from "react";
import { useLocation, useMatches } from "react-router";
import { track, VISIT_KEY } from "~/lib/analytics";
import { routeTitleKey } from "~/lib/route-handle";

/**
 * With JavaScript: Init once per visit (per tab session) and a PageView after each navigation, including the
 * first page. Without JavaScript: the <noscript> image asks the server to record the PageView (and the
 * visit's Init) for this document — only browsers that do not run scripts load it, so nothing is counted twice.
 */
/** The navigation last tracked (module scope: survives StrictMode's double effects in development). */
let lastTrackedKey: string | null = null;

export function Analytics() {
  const location = useLocation();
  const matches = useMatches();
  const name = routeTitleKey(matches) ?? "";
  const nameRef = useRef(name);
  nameRef.current = name;

  useEffect(() => {
    if (lastTrackedKey === location.key) return;
    lastTrackedKey = location.key;
    try {
      if (!sessionStorage.getItem(VISIT_KEY)) {
        sessionStorage.setItem(VISIT_KEY, "1");
        track("Init", nameRef.current, location.pathname);
      }
    } catch {
      // sessionStorage unavailable (some privacy modes): Init is sent with every page load instead.
      track("Init", nameRef.current, location.pathname);
    }
    track("PageView", nameRef.current, location.pathname);
    // A PageView per navigation to another page (not for a change of the query string or hash only).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  const pixel = `/resources/track.gif?${new URLSearchParams({ name, url: location.pathname }).toString()}`;
  return (
    <noscript>
      <img src={pixel} alt="" width={1} height={1} className="absolute size-px opacity-0" />
    </noscript>
  );
}
