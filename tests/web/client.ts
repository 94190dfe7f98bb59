/**
 * The fast tier's browser without a browser: what a user with JavaScript off does, as plain HTTP — GET a page,
 * fill and submit one of its forms exactly as the browser would serialise it (hidden fields, the chosen option,
 * checked boxes, the button pressed), follow the redirect — and the answer parsed with linkedom, so tests read
 * headings, fields, errors and links from the real server-rendered markup. One cookie jar per client (one user).
 * Not a test file.
 */
import { parseHTML } from "linkedom";
import { expect } from "vitest";
import { inject } from "vitest";
import { DEMO, PASSWORD, type DemoUser } from "../support/accounts";

export type FormValues = Record<string, string | string[] | undefined>;

export class WebPage {
  readonly document: Document;
  constructor(
    readonly url: string,
    readonly status: number,
    readonly headers: Headers,
    readonly html: string,
    /** The addresses this answer was redirected through, oldest first (empty without redirects). */
    readonly redirects: string[] = [],
  ) {
    this.document = parseHTML(html).document as unknown as Document;
  }
  /** Path and query of the final address. */
  get path(): string {
    const u = new URL(this.url);
    return u.pathname + u.search;
  }
  get location(): string | null {
    return this.headers.get("location");
  }
  $(selector: string): Element | null {
    return this.document.querySelector(selector);
  }
  $$(selector: string): Element[] {
    return [...this.document.querySelectorAll(selector)];
  }
  text(selector: string): string {
    return squash(this.$(selector)?.textContent ?? "");
  }
  get h1(): string {
    return this.text("h1");
  }
  get title(): string {
    return this.text("title");
  }
  get lang(): string | null {
    return this.document.documentElement.getAttribute("lang");
  }
  /** Visible text of the body (scripts and styles left out), whitespace squashed. */
  get bodyText(): string {
    const body = this.document.body.cloneNode(true) as HTMLElement;
    for (const el of body.querySelectorAll("script,style,template,noscript")) el.remove();
    return squash(body.textContent ?? "");
  }
  /** The toasts the page shows (without JavaScript they are in the markup). */
  toasts(type?: "success" | "error" | "info" | "warning"): string[] {
    return this.$$(type ? `[data-toast=${type}]` : "[data-toast]").map((el) => squash(el.textContent ?? ""));
  }
  /** The element with this id's text (for aria-describedby / error ids). */
  byId(id: string): Element | null {
    return this.document.getElementById(id);
  }
  /** A form control by its label's text (exact, trimmed), like Playwright's getByLabel. */
  field(label: string): HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
    for (const l of this.$$("label")) {
      if (squash(l.textContent ?? "").replace(/\s*\*$/, "") !== label) continue;
      const forId = l.getAttribute("for");
      const control = forId ? this.byId(forId) : l.querySelector("input,select,textarea");
      if (control) return control as HTMLInputElement;
    }
    throw new Error(`no field labelled "${label}" on ${this.path}`);
  }
  /** The error text a field is described by (aria-describedby), or "" when it has none. */
  fieldError(label: string): string {
    const control = this.field(label);
    const ids = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    return ids
      .map((id) => this.byId(id))
      .filter((el): el is Element => Boolean(el) && /error/i.test(el!.id + " " + (el!.getAttribute("class") ?? "")))
      .map((el) => squash(el.textContent ?? ""))
      .join(" ");
  }
  /** A form: by a CSS selector, or the form that holds the button with this text. */
  form(which: string | { button: string }): HTMLFormElement {
    if (typeof which === "string") {
      const f = this.$(which);
      if (!f) throw new Error(`no form ${which} on ${this.path}`);
      return f as HTMLFormElement;
    }
    const button = this.button(which.button);
    const id = button.getAttribute("form");
    const f = id ? this.byId(id) : button.closest("form");
    if (!f) throw new Error(`the button "${which.button}" is in no form on ${this.path}`);
    return f as HTMLFormElement;
  }
  /** A submit button by its accessible text. */
  button(name: string): HTMLButtonElement {
    const found = this.$$("button, input[type=submit]").find(
      (b) => squash(b.getAttribute("aria-label") ?? b.textContent ?? (b as HTMLInputElement).value ?? "") === name || squash(b.textContent ?? "") === name,
    );
    if (!found) throw new Error(`no button "${name}" on ${this.path}`);
    return found as HTMLButtonElement;
  }
  link(name: string): string {
    const a = this.$$("a[href]").find((el) => squash(el.getAttribute("aria-label") ?? el.textContent ?? "") === name || squash(el.textContent ?? "") === name);
    if (!a) throw new Error(`no link "${name}" on ${this.path}`);
    return a.getAttribute("href")!;
  }
}

export const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * The name/value pairs a browser submits for `form` (HTML's "constructing the entry list"): enabled controls
 * with a name, checked boxes and radios only, the selected options, and the submitter's own name/value.
 */
export function formEntries(form: HTMLFormElement, submitter?: HTMLButtonElement | null): [string, string][] {
  const doc = form.ownerDocument;
  const id = form.getAttribute("id");
  const controls = [...form.querySelectorAll("input,select,textarea,button")];
  // Controls elsewhere that name this form (form="…"); those inside it that name it too are already listed.
  if (id) controls.push(...[...doc.querySelectorAll(`[form="${id}"]`)].filter((el) => !controls.includes(el)));
  const entries: [string, string][] = [];
  for (const el of controls) {
    const name = el.getAttribute("name");
    if (!name || el.hasAttribute("disabled") || el.closest("fieldset[disabled]")) continue;
    const tag = el.tagName.toLowerCase();
    if (tag === "button" || (tag === "input" && ["submit", "image", "reset", "button"].includes(el.getAttribute("type") ?? ""))) {
      if (el === submitter) entries.push([name, el.getAttribute("value") ?? ""]);
      continue;
    }
    if (tag === "select") {
      const options = [...el.querySelectorAll("option")];
      const selected = options.filter((o) => o.hasAttribute("selected"));
      const chosen = selected.length ? selected : el.hasAttribute("multiple") ? [] : options.slice(0, 1);
      for (const o of chosen) entries.push([name, o.getAttribute("value") ?? squash(o.textContent ?? "")]);
      continue;
    }
    if (tag === "textarea") {
      entries.push([name, el.textContent ?? ""]);
      continue;
    }
    const type = el.getAttribute("type") ?? "text";
    if ((type === "checkbox" || type === "radio") && !el.hasAttribute("checked")) continue;
    if (type === "file") continue;
    entries.push([name, el.getAttribute("value") ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
  }
  return entries;
}

/** Applies `values` over a form's entries: a string replaces, an array gives several values, undefined removes. */
function overlay(entries: [string, string][], values: FormValues): [string, string][] {
  const out = entries.filter(([k]) => !(k in values));
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) out.push([k, one]);
  }
  return out;
}

export type RequestOptions = { follow?: boolean; headers?: Record<string, string> };

export class WebClient {
  readonly cookies = new Map<string, string>();
  /** Extra headers of every request (Accept-Language, another Host…). */
  readonly headers: Record<string, string> = { "Accept-Language": "en-US" };
  constructor(readonly baseURL: string = inject("webBaseURL")) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split("=")[1]).getTime() < Date.now()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A long-lived GET as EventSource sends it (an event stream): the Response, its body unread; abort with `signal`. */
  async stream(path: string, signal: AbortSignal): Promise<Response> {
    const headers = { ...this.headers, Accept: "text/event-stream", ...(this.cookies.size ? { Cookie: this.cookieHeader() } : {}) };
    return fetch(new URL(path, this.baseURL), { headers, redirect: "manual", signal });
  }

  /** One request, no redirect followed. A browser's navigation headers (fetch metadata) come with it. */
  async raw(method: string, path: string, body?: URLSearchParams | FormData, extra: Record<string, string> = {}): Promise<Response> {
    const url = new URL(path, this.baseURL);
    const response = await fetch(url, {
      method,
      redirect: "manual",
      headers: {
        Accept: "text/html,application/xhtml+xml",
        "Sec-Fetch-Site": "same-origin",
        "Sec-Fetch-Mode": "navigate",
        ...this.headers,
        ...(this.cookies.size ? { Cookie: this.cookieHeader() } : {}),
        ...extra,
      },
      body,
    });
    this.keep(response);
    return response;
  }

  private async follow(response: Response, url: string, opts: RequestOptions): Promise<WebPage> {
    const redirects: string[] = [];
    let current = response;
    let at = url;
    while (opts.follow !== false && [301, 302, 303, 307, 308].includes(current.status) && current.headers.get("location")) {
      redirects.push(at);
      if (redirects.length > 10) throw new Error(`too many redirects from ${url}`);
      at = new URL(current.headers.get("location")!, at).toString();
      await current.arrayBuffer();
      current = await this.raw("GET", at, undefined, opts.headers);
    }
    return new WebPage(at, current.status, current.headers, await current.text(), redirects);
  }

  async get(path: string, opts: RequestOptions = {}): Promise<WebPage> {
    const url = new URL(path, this.baseURL).toString();
    return this.follow(await this.raw("GET", url, undefined, opts.headers), url, opts);
  }

  /** A form post (application/x-www-form-urlencoded, or multipart when given FormData). */
  async post(path: string, values: FormValues | FormData | [string, string][], opts: RequestOptions = {}): Promise<WebPage> {
    const url = new URL(path, this.baseURL).toString();
    let body: URLSearchParams | FormData;
    if (values instanceof FormData) body = values;
    else if (Array.isArray(values)) body = new URLSearchParams(values);
    else body = new URLSearchParams(overlay([], values));
    return this.follow(await this.raw("POST", url, body, opts.headers), url, opts);
  }

  /**
   * Submits a form of `page` as the browser would: its current entries, `values` on top, pressing the button
   * named `button` (its name/value is sent). GET forms become a navigation with the entries as the query.
   */
  async submit(page: WebPage, form: string | { button: string }, values: FormValues = {}, opts: RequestOptions & { button?: string } = {}): Promise<WebPage> {
    const el = page.form(form);
    const buttonName = opts.button ?? (typeof form === "object" ? form.button : undefined);
    const submitter = buttonName ? page.button(buttonName) : null;
    const entries = overlay(formEntries(el, submitter), values);
    // React writes formAction / formMethod in camel case, and linkedom keeps an attribute's case as written.
    const submitterAttr = (name: string) => submitter?.getAttribute(name.toLowerCase()) ?? submitter?.getAttribute(name) ?? null;
    const action = submitterAttr("formAction") ?? el.getAttribute("action") ?? page.path;
    const target = new URL(action, page.url);
    const method = (submitterAttr("formMethod") ?? el.getAttribute("method") ?? "get").toLowerCase();
    if (method === "get") {
      target.search = new URLSearchParams(entries).toString();
      return this.get(target.toString(), opts);
    }
    return this.post(target.toString(), entries, opts);
  }

  /** Signs in through the /login form's action (the form itself is tested in tests/web/auth.test.ts). */
  async signIn(email: string, password = PASSWORD): Promise<WebPage> {
    const response = await this.raw("POST", "/login", new URLSearchParams({ intent: "password", email, password }));
    expect(response.status, `sign-in of ${email}`).toBe(302);
    return this.follow(response, new URL("/login", this.baseURL).toString(), {});
  }
}

/** A client signed in as one of the demo accounts. */
export async function as(user: DemoUser, opts: { language?: "en-US" | "es-US" } = {}): Promise<WebClient> {
  const client = new WebClient();
  if (opts.language) client.headers["Accept-Language"] = opts.language;
  await client.signIn(DEMO[user].email);
  return client;
}
