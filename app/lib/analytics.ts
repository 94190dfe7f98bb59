/**
 * Analytics (spec §1, §3, §7): one Init event per visit and a PageView after each navigation, with the
 * page name, the path (never the query string: search text sits in some URLs), device and browser details.
 * Sent to the web's own resource route (/resources/track), which forwards to POST /api/v1/track; the
 * request uses fetch keepalive so it never blocks the page.
 */
export type TrackEvent = {
  event: "Init" | "PageView";
  payload: { name: string; url: string };
  device?: Record<string, string>;
  browser?: { name: string; version: string };
};

export const VISIT_KEY = "th:visit-initialised";

export function browserInfo(userAgent: string): { name: string; version: string } {
  const rules: [string, RegExp][] = [
    ["Edge", /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ["Opera", /OPR\/([\d.]+)/],
    ["Samsung Internet", /SamsungBrowser\/([\d.]+)/],
    ["Firefox", /(?:Firefox|FxiOS)\/([\d.]+)/],
    ["Chrome", /(?:Chrome|CriOS)\/([\d.]+)/],
    ["Safari", /Version\/([\d.]+).*Safari/],
  ];
  for (const [name, pattern] of rules) {
    const match = pattern.exec(userAgent);
    if (match) return { name, version: match[1] };
  }
  return { name: "Other", version: "" };
}

export function deviceInfo(): Record<string, string> {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return {
    screenResolution: `${screen.width}x${screen.height}`,
    viewport: `${window.innerWidth}x${window.innerHeight}`,
    encoding: document.characterSet,
    language: navigator.language,
    colors: `${screen.colorDepth}-bit`,
    platform: nav.userAgentData?.platform || navigator.platform || "",
    userAgent: navigator.userAgent,
  };
}

export function track(event: TrackEvent["event"], name: string, url: string): void {
  const body: TrackEvent = { event, payload: { name, url }, device: deviceInfo(), browser: browserInfo(navigator.userAgent) };
  try {
    void fetch("/resources/track", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Requested-With": "XMLHttpRequest" },
      body: JSON.stringify(body),
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => {});
  } catch {
    // Analytics never breaks the page.
  }
}
