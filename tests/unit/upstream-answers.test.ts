/**
 * The web parses every upstream answer with the contract's schema (api/contract/endpoints.ts): an answer that
 * does not match is a failed call (502, the §8 "Internal error"), never data a page would crash on.
 */
import path from "node:path";
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

async function client(
  answer: unknown,
  onFetch: (path: string) => void = () => {},
) {
  const status = 200;
  const session = await WebSession.fromRequest(
    new Request("http://web.test/staff/tasks"),
  );
  session.csrf = "token";
  const fetchMock = vi.fn(async (url: URL | string) => {
    onFetch(new URL(url).pathname);
    return json(status, answer);
  });
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
      .call("GET /api/v1/tasks/:id", { params: { id: 7 } })
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
    await expect(list.call("GET /api/v2/tasks")).rejects.toMatchObject({
      status: 502,
    });
    const bare = await client([task]);
    await expect(
      bare.call("GET /api/v1/users/:id", { params: { id: 3 } }),
    ).rejects.toMatchObject({
      status: 502,
    });
  });

  it("a well-formed answer comes back as the contract's output, typed by it", async () => {
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
    const answer = await users.call("GET /api/v1/users/:id", {
      params: { id: 3 },
    });
    // The answer's type is the contract's: no caller names it.
    const fullName: string = answer.data.user.fullName;
    expect(fullName).toBe("Ann Lee");
    expect(answer.data.user).toMatchObject({
      id: 3,
      fullName: "Ann Lee",
      roles: [{ handle: "patients", title: "Patient" }],
    });
  });

  it("a call names an endpoint of the contract, never a path and a type: its parameters go into the path, encoded", async () => {
    const seen: string[] = [];
    const upstream = await client(
      { code: "ok", message: "", data: null },
      (url) => seen.push(url),
    );
    await upstream
      .call("GET /api/v1/tasks/:id", { params: { id: "7/../8" } })
      .catch(() => null);
    expect(seen).toEqual(["/api/v1/tasks/7%2F..%2F8"]);
    // Compile-time (npx tsc): the old untyped methods are gone, an unknown endpoint and a missing parameter are errors.
    // @ts-expect-error -- no get<T>(path): the answer's type comes from the contract
    expect(upstream.get).toBeUndefined();
    // @ts-expect-error -- not an endpoint of the contract
    await upstream.call("GET /api/v9/not-in-the-contract").catch(() => null);
    // @ts-expect-error -- the path has an :id
    await upstream.call("GET /api/v1/tasks/:id").catch(() => null);
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

  it("roles, enums and the email-typo suggestion have one home, api/contract: no re-export stubs left in api/domain", async () => {
    const { existsSync, readdirSync, readFileSync } = await import("node:fs");
    expect(
      ["roles", "enums", "email-suggest"].filter((name) =>
        existsSync(`api/domain/${name}.ts`),
      ),
    ).toEqual([]);
    const files = ["api", "app", "tests"].flatMap((dir) =>
      (readdirSync(dir, { recursive: true }) as string[])
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => `${dir}/${f}`),
    );
    // An import of one of those names that resolves into api/domain/ (api/db/roles.ts, the database roles, is another module).
    const offending = files.filter((file) =>
      [...readFileSync(file, "utf8").matchAll(/from\s+"([^"]*\/(?:roles|enums|email-suggest)\.ts)"/g)].some((m) =>
        path.posix.join(path.posix.dirname(file), m[1]!).startsWith("api/domain/"),
      ),
    );
    expect(offending).toEqual([]);
  });

  it("only the domain modules (app/lib/*.server.ts) call the upstream client: no route module, resource routes included", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const files = (readdirSync("app", { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => `app/${f}`);
    const callers = files.filter((file) =>
      /\bgetUpstream\(|\bupstreamContext\b/.test(readFileSync(file, "utf8")),
    );
    expect(
      callers.filter((file) => !/^app\/lib\/[\w-]+\.server\.ts$/.test(file)),
    ).toEqual([]);
  });
});
