import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { DocumentProvider } from "./lib/document.tsx";
import { documentInfo } from "./lib/document.server.ts";
import { NonceProvider } from "./lib/nonce.tsx";
import { reportServerError } from "./lib/error-report.server.ts";
import { requestEnvContext } from "./lib/request-context.server.ts";
import { wantsStreaming } from "./lib/streaming.server.ts";
import type { GuestPageHooks } from "./lib/guest-page-cache.server.ts";
import { languageOf } from "./lib/i18n.server.ts";
import { WebSession } from "./lib/session.server.ts";
import { carriesToast } from "./lib/toast.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, timing } = loadContext.get(requestEnvContext);
  timing.add("loaders", timing.elapsed());
  const renderStarted = performance.now();
  const handles = routerContext.staticHandlerContext.matches.map((match) => routerContext.routeModules[match.route.id]?.handle);
  const document = documentInfo(request, loadContext, handles);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const readyOption: keyof RenderToPipeableStreamOptions =
      wantsStreaming(request) && !routerContext.isSpaMode ? "onShellReady" : "onAllReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <DocumentProvider value={document}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </DocumentProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (readyOption === "onAllReady") {
            // The whole page is ready: gathered into one buffer and sent as one body (with its length), rather than
            // React's 2 KB chunks each through a Node stream, a web stream and the adapter's writes (issue 11).
            const chunks: Uint8Array[] = [];
            const sink = new Writable({
              write(chunk: Uint8Array, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                const html = Buffer.concat(chunks);
                responseHeaders.set("Content-Length", String(html.length));
                timing.add("render", performance.now() - renderStarted);
                responseHeaders.set("Server-Timing", timing.header(false));
                resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
                callback();
              },
            });
            pipe(sink);
            return;
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          timing.add("render", performance.now() - renderStarted);
          responseHeaders.set("Server-Timing", timing.header(false));
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Uncaught server errors (loaders, actions, rendering): logged and reported, never with request bodies. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  reportServerError(error, request);
};

/**
 * The app's side of the guest page cache (app/lib/guest-page-cache.server.ts, which server.ts loads outside the build):
 * who the visitor is, read by the same session, toast and language code as every request's middleware.
 */
export const guestPageHooks: GuestPageHooks = {
  async visitor(cookie, acceptLanguage) {
    if (cookie && carriesToast(cookie)) return null;
    const session = await WebSession.fromCookieHeader(cookie);
    if (!session.isPlainGuest) return null;
    const formToken = session.formToken;
    return { language: await languageOf(cookie, acceptLanguage), formToken, setCookie: await session.commit() };
  },
  templateCookie: (formToken) => WebSession.templateCookieHeader(formToken),
};
