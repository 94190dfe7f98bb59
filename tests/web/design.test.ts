/**
 * The design pages' forms without JavaScript, as plain HTTP (moved from the "nojs" browser project of
 * tests/e2e/design.spec.ts): each control's form submitted as a browser serialises it (tests/web/client.ts:
 * the pressed button, checked boxes only, no disabled controls, the textarea's text) and the values the server
 * echoes in <output data-testid="submitted">; the URL modal opened, submitted and cancelled; query tabs as links
 * the server follows. What needs a real browser without JavaScript stays there (tagged @nojs-browser): the
 * themes' computed colours, the modal's width, hash tabs (:target), the tooltip on focus and hover, the native
 * select's validation, the tag input and the backdrop link.
 */
import { describe, expect, it } from "vitest";
import { WebClient, squash, type WebPage } from "./client";

const guest = () => new WebClient();
const submitted = (page: WebPage) => page.text("[data-testid=submitted]");
const nameOf = (page: WebPage, label: string) => page.field(label).getAttribute("name")!;

describe("design pages render", () => {
  it("the component heading names the component; the title names the section", async () => {
    const page = await guest().get("/_design/components/button-group");
    expect(page.status).toBe(200);
    expect(page.title).toMatch(/Design system: components$/);
    expect(page.h1).toBe("Button group");
    const current = page.$$("a[aria-current=page]").map((a) => squash(a.textContent ?? ""));
    expect(current).toContain("Button group");
  });

  it("an unknown component is not found", async () => {
    const page = await guest().get("/_design/components/carousel");
    expect(page.status).toBe(404);
    expect(page.h1).not.toBe("");
    expect(page.$("nav[aria-label='Design system']")).toBeNull();
  });
});

describe("form controls submit their values without JavaScript", () => {
  it("button: the pressed button's value", async () => {
    const client = guest();
    const page = await client.get("/_design/components/button");
    const answer = await client.submit(page, { button: "Secondary" });
    expect(submitted(answer)).toBe("intent=secondary");
    expect(answer.path).toMatch(/intent=secondary/);
  });

  it("button group: the chosen view, marked pressed", async () => {
    const client = guest();
    const answer = await client.submit(await client.get("/_design/components/button-group"), { button: "Month" });
    expect(submitted(answer)).toBe("view=month");
    expect(answer.button("Month").getAttribute("aria-pressed")).toBe("true");
    expect(answer.button("Week").getAttribute("aria-pressed")).toBe("false");
  });

  it("checkbox: checked boxes only, disabled ones never", async () => {
    const client = guest();
    const page = await client.get("/_design/components/checkbox");
    const email = page.field("Email me about my orders");
    const sms = page.field("Text me shipping updates");
    const terms = page.field("I agree to the telehealth consent");
    // Check the first and the consent, uncheck the texts: set the attributes the browser's state would have.
    email.setAttribute("checked", "");
    sms.removeAttribute("checked");
    terms.setAttribute("checked", "");
    const answer = await client.submit(page, { button: "Submit" });
    const echoed = submitted(answer);
    expect(echoed).toContain("updates=email");
    expect(echoed).toContain("terms=on");
    expect(echoed).not.toContain("updates=sms");
    expect(echoed).not.toContain("lockedOn");
  });

  it("input: text fields post to the action; the error is tied to its field", async () => {
    const client = guest();
    const page = await client.get("/_design/components/input");
    const phone = page.field("Phone");
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    const described = (phone.getAttribute("aria-describedby") ?? "").split(/\s+/).map((id) => squash(page.byId(id)?.textContent ?? ""));
    expect(described).toContain("Enter a 10-digit phone number.");
    const answer = await client.submit(page, { button: "Submit" }, {
      [nameOf(page, "First name")]: "Ana María",
      // The Email label carries the required mark's words too; the field by its name.
      [page.$("input[type=email]")!.getAttribute("name")!]: "ana@example.com",
      [phone.getAttribute("name")!]: "5551234567",
    });
    const echoed = submitted(answer);
    expect(echoed).toContain("firstName=Ana María");
    expect(echoed).toContain("email=ana@example.com");
    expect(echoed).toContain("phone=5551234567");
    expect(echoed).not.toContain("memberId");
  });

  it("radio: one value per group", async () => {
    const client = guest();
    const page = await client.get("/_design/components/radio");
    expect(page.field("Every 3 months").hasAttribute("checked")).toBe(true);
    expect(page.field("12 months").hasAttribute("disabled")).toBe(true);
    const pick = (label: string) => {
      const radio = page.field(label);
      for (const other of page.$$(`input[type=radio][name="${radio.getAttribute("name")}"]`)) other.removeAttribute("checked");
      radio.setAttribute("checked", "");
    };
    pick("6 months");
    pick("Every year");
    const echoed = submitted(await client.submit(page, { button: "Submit" }));
    expect(echoed).toContain("frequency=yearly");
    expect(echoed).toContain("plan=6");
  });

  it("switch: on switches submit, off ones do not", async () => {
    const client = guest();
    const page = await client.get("/_design/components/switch");
    const bot = page.field("Chat bot replies");
    expect(bot.getAttribute("role")).toBe("switch");
    expect(bot.hasAttribute("checked")).toBe(false);
    bot.setAttribute("checked", "");
    page.field("Available for new patients").removeAttribute("checked");
    const echoed = submitted(await client.submit(page, { button: "Submit" }));
    expect(echoed).toContain("bot=on");
    expect(echoed).not.toContain("available=on");
  });

  it("textarea: 8 rows by default, posts its text", async () => {
    const client = guest();
    const page = await client.get("/_design/components/textarea");
    const note = page.field("Visit note");
    expect(note.getAttribute("rows")).toBe("8");
    const echoed = submitted(await client.submit(page, { button: "Submit" }, { [note.getAttribute("name")!]: "Line one\r\nLine two" }));
    expect(echoed).toContain("note=Line one");
    expect(echoed).toContain("Line two");
  });

  it("search input: a GET form with a results page", async () => {
    const client = guest();
    const page = await client.get("/_design/components/search-input");
    expect(page.$("[role=search], search")).not.toBeNull();
    const box = page.$$("input[type=search]").find((el) => el.getAttribute("aria-label") === "Search medications" || page.field("Search medications") === el)!;
    const form = box.closest("form")!;
    expect((form.getAttribute("method") ?? "get").toLowerCase()).toBe("get");
    const target = new URL(form.getAttribute("action") ?? page.path, page.url);
    target.searchParams.set(box.getAttribute("name")!, "ti");
    const answer = await client.get(target.pathname + target.search);
    expect(answer.path).toMatch(/[?&]q=ti/);
    const results = answer.text("[data-testid=search-results]");
    expect(results).toContain("Tirzepatide");
    expect(results).toContain("Semaglutide");
    expect(results).not.toContain("Sildenafil");
  });

  it("modal: opens from a link, its form submits, Cancel goes back", async () => {
    const client = guest();
    const page = await client.get("/_design/components/modal");
    expect(page.$$("dialog[open], [role=dialog]")).toEqual([]);
    const opened = await client.get(page.link("Open modal"));
    expect(opened.path).toMatch(/modal=default/);
    const dialog = opened.$("dialog[open]")!;
    expect(squash(dialog.textContent ?? "")).toContain("Edit nickname");
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    const answer = await client.submit(opened, { button: "Submit" }, { [nameOf(opened, "Nickname")]: "Mari" });
    expect(submitted(answer)).toBe("nickname=Mari");
    expect(answer.$("dialog[open]")).toBeNull();

    const again = await client.get(page.link("Open modal"));
    const cancel = [...again.$("dialog[open]")!.querySelectorAll("a")].find((a) => squash(a.textContent ?? "") === "Cancel")!;
    const back = await client.get(new URL(cancel.getAttribute("href")!, again.url).toString());
    expect(back.path).not.toMatch(/modal=/);
    expect(back.$("dialog[open]")).toBeNull();
  });

  it("tabs: query tabs are links the server follows", async () => {
    const client = guest();
    const page = await client.get("/_design/components/tabs");
    const tabs = page.$("nav[aria-label='Patient sections']")!;
    const tab = (nav: Element, name: RegExp) => [...nav.querySelectorAll("a")].find((a) => name.test(squash(a.textContent ?? "")))!;
    expect(tab(tabs, /^Overview$/).getAttribute("aria-current")).toBe("page");
    const visits = await client.get(new URL(tab(tabs, /Visits/).getAttribute("href")!, page.url).toString());
    expect(visits.path).toMatch(/tab=visits/);
    const after = visits.$("nav[aria-label='Patient sections']")!;
    expect(tab(after, /Visits/).getAttribute("aria-current")).toBe("page");
    expect(tab(after, /^Overview$/).hasAttribute("aria-current")).toBe(false);
    expect(visits.bodyText).toContain("The visits tab: visit records.");
    expect(visits.bodyText).not.toContain("The overview tab: the patient's summary.");
  });
});
