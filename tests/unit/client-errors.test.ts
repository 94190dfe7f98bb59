import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLoadContext } from "../../app/lib/request-context.server";
import { ServerTiming } from "../../app/lib/server-timing.server";
import { action, resetClientErrorLimits } from "../../app/routes/resources/client-errors";

function post(body: unknown, clientIp = "198.51.100.7") {
  const request = new Request("http://localhost/resources/client-errors", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", "X-Requested-With": "XMLHttpRequest" },
    body: JSON.stringify(body),
  });
  const context = createLoadContext({ nonce: "", clientIp, timing: new ServerTiming() });
  return action({ request, context, params: {} } as never) as Promise<Response | { init: { status: number } | null }>;
}
const status = (r: Response | { init: { status: number } | null }) => (r instanceof Response ? r.status : (r.init?.status ?? 200));

let lines: string[] = [];
beforeEach(() => {
  resetClientErrorLimits();
  lines = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
});
afterEach(() => vi.restoreAllMocks());

describe("/resources/client-errors", () => {
  it("logs one line whatever the report holds: newlines are encoded, not written", async () => {
    const r = await post({ name: "TypeError\n[web] GET /admin: forged", message: "boom\r\n{\"level\":\"error\"}", pattern: "/staff/patients/123" });
    expect(status(r)).toBe(204);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n]/);
    expect(lines[0]).toContain("\\n[web] GET /admin: forged");
    expect(lines[0]).not.toContain("/123");
  });

  it("takes at most 10 reports a minute from one client", async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(status(await post({ message: `e${i}` })));
    expect(answers.slice(0, 10).every((s) => s === 204)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
    expect(lines).toHaveLength(10);
    expect(status(await post({ message: "other client" }, "198.51.100.8"))).toBe(204);
  });
});
