import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { fillTemplate, guestPagePaths, makeTemplate, NONCE_MARKER, TOKEN_MARKER } from "../../app/lib/guest-page-cache.server";

describe("the guest page cache's templates", () => {
  it("writes each request's nonce and token where the markers stood, and nothing else", () => {
    const html = `<script nonce="${NONCE_MARKER}">x</script><input name="formToken" value="${TOKEN_MARKER}"/><link nonce="${NONCE_MARKER}"/>`;
    const template = makeTemplate(html, [["content-type", "text/html"]], 0)!;
    expect(template.holes).toEqual(["nonce", "token", "nonce"]);
    expect(fillTemplate(template, "a+b/c==", "tok_en-1")).toBe(`<script nonce="a+b/c==">x</script><input name="formToken" value="tok_en-1"/><link nonce="a+b/c=="/>`);
    // "$&" and "$1" in a value are written as they are (no replacement patterns).
    expect(fillTemplate(template, "$&", "$1")).toBe(`<script nonce="$&">x</script><input name="formToken" value="$1"/><link nonce="$&"/>`);
  });

  it("refuses a render without the nonce (not our document: nothing to be sure of)", () => {
    expect(makeTemplate(`<p>${TOKEN_MARKER}</p>`, [], 0)).toBeNull();
  });

  it("finds the routes marked guestPage, with their parents' paths", () => {
    const route = (id: string, parentId: string | undefined, path: string | undefined, handle?: object) => ({ id, parentId, path, module: { handle } });
    const build = {
      routes: {
        root: route("root", undefined, ""),
        layout: route("layout", "root", undefined),
        login: route("login", "layout", "login", { guestPage: true }),
        legal: route("legal", "root", "legal"),
        privacy: route("privacy", "legal", "privacy", { guestPage: true }),
        patient: route("patient", "root", "patient", { title: "x" }),
      },
    } as unknown as ServerBuild;
    expect([...guestPagePaths(build)].sort()).toEqual(["/legal/privacy", "/login"]);
  });
});
