/**
 * The root middleware that refuses writes the pages cannot read (app/lib/csrf.server.ts formWrites): the method
 * and the Content-Type are judged up front; the body is read once, by the action (readForm), and an unreadable
 * one is a 400 there. (Over HTTP: tests/web/auth.test.ts 'writes the pages cannot read'.)
 */
import { describe, expect, it } from "vitest";
import { formWrites, readForm } from "../../app/lib/csrf.server";

type Args = Parameters<typeof formWrites>[0];
const run = async (request: Request) =>
  formWrites({ request } as unknown as Args, async () => new Response(null));

/** A POST whose body is a stream that counts the chunks pulled from it. */
function post(path: string, contentType: string, chunks: string[]) {
  let pulled = 0;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === chunks.length) return controller.close();
        controller.enqueue(encoder.encode(chunks[pulled++]));
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(`http://web.test${path}`, {
    method: "POST",
    headers: { "Content-Type": contentType },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

const statusOf = async (promise: Promise<unknown>) => {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return (error as { init?: { status?: number } } | null)?.init?.status ?? null;
};

describe("formWrites", () => {
  it("looks at a multipart body's first chunk only: the action reads the body, once", async () => {
    const boundary = "b0undary";
    const picture = "x".repeat(64 * 1024);
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\navatar\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ...Array.from({ length: 16 }, () => picture.slice(0, 4096)),
      `\r\n--${boundary}--\r\n`,
    ];
    const { request, pulled } = post(
      "/patient/account/profile",
      `multipart/form-data; boundary=${boundary}`,
      parts,
    );
    await run(request);
    // The opening part and at most the one the copy pulled ahead: never the picture.
    expect(pulled()).toBeLessThanOrEqual(2);
    const form = await readForm(request);
    expect(form.get("intent")).toBe("avatar");
    expect((form.get("avatar") as File).size).toBe(picture.length);
  });

  it("a multipart body that does not open with its boundary is a 400 up front; one broken further on, when the action reads it", async () => {
    const garbage = post("/login", "multipart/form-data; boundary=x", [
      "garbage",
    ]);
    expect(await statusOf(run(garbage.request))).toBe(400);
    expect(
      await statusOf(
        run(post("/login", "multipart/form-data", ["--\r\n"]).request),
      ),
    ).toBe(400);
    const truncated = post("/login", "multipart/form-data; boundary=x", [
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
    ]);
    expect(await statusOf(run(truncated.request))).toBeNull();
    expect(await statusOf(readForm(truncated.request))).toBe(400);
    const urlencoded = post("/login", "application/x-www-form-urlencoded", [
      "a=1",
    ]);
    expect(await statusOf(run(urlencoded.request))).toBeNull();
    expect(urlencoded.pulled()).toBe(0);
  });

  it("judges the method and the Content-Type up front, without the body", async () => {
    const json = post("/login", "application/json", ["{}"]);
    expect(await statusOf(run(json.request))).toBe(400);
    expect(json.pulled()).toBe(0);
    expect(
      await statusOf(
        run(new Request("http://web.test/login", { method: "DELETE" })),
      ),
    ).toBe(405);
    const beacon = post("/resources/track", "application/json", ["{}"]);
    expect(await statusOf(run(beacon.request))).toBeNull();
  });

  it("every action reads its form with readForm, never request.formData() itself", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const files = (readdirSync("app", { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => `app/${f}`);
    expect(
      files.filter(
        (file) =>
          file !== "app/lib/csrf.server.ts" &&
          /request(?:\.clone\(\))?\.formData\(\)/.test(
            readFileSync(file, "utf8"),
          ),
      ),
    ).toEqual([]);
  });
});
