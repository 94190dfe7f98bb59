/**
 * The web parses every upstream answer with the contract's schema (api/contract/endpoints.ts): an answer that
 * does not match is a failed call (502, the §8 "Internal error"), never data a page would crash on.
 */
import { describe, expect, it, vi } from "vitest";
import { resources } from "../../app/lib/i18n.server";
import { ServerTiming } from "../../app/lib/server-timing.server";
import { WebSession } from "../../app/lib/session.server";
import { errorToastMessage } from "../../app/lib/toast.server";
import { createTranslator } from "../../app/lib/translate";
import { Upstream, UpstreamError } from "../../app/lib/upstream.server";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

async function client(answer: unknown, status = 200) {
  const session = await WebSession.fromRequest(
    new Request("http://web.test/staff/tasks"),
  );
  session.csrf = "token";
  const fetchMock = vi.fn(async () => json(status, answer));
  const upstream = new Upstream({
    request: new Request("http://web.test/staff/tasks"),
    session,
    env: { nonce: "n", clientIp: undefined, timing: new ServerTiming() },
    locale: () => "en-US",
    onUnauthorized: () => {
      throw new Error("401");
    },
    fetch: fetchMock as unknown as typeof fetch,
  });
  return upstream;
}

const task = {
  id: 7,
  title: "Call back",
  description: "About the refill",
  htmlDescription: "<p>About the refill</p>",
  status: 1,
};

describe("upstream answers are parsed with the contract's schemas", () => {
  it("a malformed answer is a 502 UpstreamError, which the page shows as the §8 internal error", async () => {
    const upstream = await client({
      code: "ok",
      message: "",
      data: { ...task, id: "seven" },
    });
    const error = await upstream
      .get("/api/v1/tasks/7")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBe(502);
    expect((error as UpstreamError).code).toBe("web.malformedAnswer");
    expect(
      errorToastMessage(
        error,
        createTranslator("en-US", resources["en-US"], "common").t,
      ),
    ).toBe("Internal error");
    expect(
      errorToastMessage(
        error,
        createTranslator("es-US", resources["es-US"], "common").t,
      ),
    ).toBe("Error interno");
  });

  it("a list whose pages are missing, or an answer that is not an envelope, fails the same way", async () => {
    const list = await client({ code: "ok", message: "", data: [] });
    await expect(list.get("/api/v2/tasks")).rejects.toMatchObject({
      status: 502,
    });
    const bare = await client([task]);
    await expect(bare.get("/api/v1/users/3")).rejects.toMatchObject({
      status: 502,
    });
  });

  it("a well-formed answer comes back as the contract's output; endpoints the contract does not list pass as they are", async () => {
    const users = await client({
      code: "ok",
      message: "",
      data: {
        user: {
          id: 3,
          fullName: "Ann Lee",
          firstName: "Ann",
          lastName: "Lee",
          email: "ann@demo.test",
          avatar: null,
          avatarUrl: null,
          profession: null,
          userStatus: "active",
          roles: [{ handle: "patients", title: "Patient" }],
        },
      },
    });
    const answer = await users.get<{ user: Record<string, unknown> }>(
      "/api/v1/users/3",
    );
    expect(answer.data.user).toMatchObject({
      id: 3,
      fullName: "Ann Lee",
      roles: [{ handle: "patients", title: "Patient" }],
    });
    const unknown = await client({
      code: "ok",
      message: "",
      data: { anything: 1 },
    });
    expect(
      (await unknown.get<{ anything: number }>("/api/v9/not-in-the-contract"))
        .data,
    ).toEqual({ anything: 1 });
  });
});

describe("the contract's table of answers", () => {
  it("finds an endpoint by method and path, a literal path before a pattern", async () => {
    const { answerSchemas } =
      await import("../../app/lib/upstream-contract.server");
    expect(
      answerSchemas("GET", "/api/v1/users/get-auth-methods")?.data?.safeParse({
        password: true,
        totp: false,
        recoveryCodesLeft: 0,
      }).success,
    ).toBe(true);
    expect(
      answerSchemas("GET", "/api/v1/users/12")?.data?.safeParse({
        password: true,
        totp: false,
        recoveryCodesLeft: 0,
      }).success,
    ).toBe(false);
    expect(answerSchemas("GET", "/api/v2/tasks")?.pages).toBeTruthy();
    expect(
      answerSchemas("GET", "/api/v1/profile/invoices/3/pdf"),
    ).toBeUndefined();
  });
});

describe("the seam between the web and the API", () => {
  it("the web imports no runtime code from api/domain (types are fine): the plain constants live in api/contract", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const files = (readdirSync("app", { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => `app/${f}`);
    const offending = files.flatMap((file) =>
      [
        ...readFileSync(file, "utf8").matchAll(
          /^import\s+(?!type\b)[^;]*?from\s+"[^"]*api\/domain\/[^"]+";/gms,
        ),
      ].map((m) => `${file}: ${m[0].split("\n")[0]}`),
    );
    expect(offending).toEqual([]);
  });
});
