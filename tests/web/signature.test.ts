/**
 * The profile's #signature section without JavaScript, as plain HTTP (issue 19): James Okafor (a provider user
 * no other suite uses) types his name (an empty one refused: summary and the field's message), uploads a picture
 * (multipart; a file that is not a picture refused, nothing changed), sees it, removes the picture (the typed name
 * stays) and the whole signature; Spanish; a nurse has no signature section; a signed chart and a printed
 * prescription keep the signature they were signed with (none for the seed's, written before any signature), whatever
 * changes afterwards. Drawing: tests/e2e/signature.spec.ts.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { WebClient, as, formEntries, type WebPage } from "./client";

const JAMES = "james.okafor@staff.demo.test";
const PROFILE = "/staff/profile";

async function signedIn(email: string, language?: "es-US"): Promise<WebClient> {
  const client = new WebClient();
  if (language) client.headers["Accept-Language"] = language;
  await client.signIn(email);
  return client;
}

/** The upload form as the browser posts it without JavaScript: multipart, to the form's action. */
async function upload(client: WebClient, page: WebPage, file: { bytes: Buffer; name: string; type: string }): Promise<WebPage> {
  const form = page.form("[data-testid=signature-upload-form]");
  expect(form.getAttribute("enctype") ?? form.getAttribute("encType")).toBe("multipart/form-data");
  const body = new FormData();
  for (const [k, v] of formEntries(form)) body.append(k, v);
  body.append("signature", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return client.post(form.getAttribute("action") ?? page.path, body);
}

describe("the signature section without JavaScript", () => {
  it("typed name (empty refused), upload (not a picture refused), remove the picture, remove the signature", async () => {
    const client = await signedIn(JAMES);
    let page = await client.get(PROFILE);
    expect(page.status).toBe(200);
    expect(page.$("section#signature")).not.toBeNull();
    expect(page.text("#signature-heading")).toBe("Signature");
    expect(page.text("[data-testid=signature-preview]")).toContain("You have no signature yet.");
    // No drawing pad without JavaScript: the typed name and the upload do it all.
    expect(page.$("[data-testid=signature-pad]")).toBeNull();

    const refused = await client.submit(page, "[data-testid=signature-name-form]", { typedName: "  " });
    expect(refused.status).toBe(400);
    expect(refused.$("[data-testid=error-summary]")).not.toBeNull();
    expect(refused.fieldError("Name as you sign")).toBe("Value is required");

    page = await client.submit(refused, "[data-testid=signature-name-form]", { typedName: "James Okafor, MD" });
    expect(page.toasts("success")).toEqual(["Your signature has been saved."]);
    expect(page.text("[data-testid=signature-typed]")).toBe("James Okafor, MD");

    const notPicture = await upload(client, page, { bytes: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'></svg>"), name: "sig.png", type: "image/png" });
    expect(notPicture.status).toBe(400);
    expect(notPicture.fieldError("Image of your signature")).toBe("Upload the signature as a JPG, PNG or GIF image.");
    expect(notPicture.text("[data-testid=signature-typed]")).toBe("James Okafor, MD");

    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    page = await upload(client, notPicture, { bytes: png, name: "my-signature.png", type: "image/png" });
    expect(page.toasts("success")).toEqual(["Your signature image has been saved."]);
    const img = page.$("[data-testid=signature-preview] img[data-testid=signature-image]")!;
    expect(img.getAttribute("alt")).toBe("Signature of James Okafor, MD");
    const src = img.getAttribute("src")!;
    expect(src).toMatch(/^\/api\/v1\/signatures\/[a-f0-9]{32}$/);
    const picture = await client.raw("GET", src);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");

    page = await client.submit(page, "[data-testid=signature-remove-image-form]");
    expect(page.toasts("success")).toEqual(["Your signature image has been removed."]);
    expect(page.$("[data-testid=signature-image]")).toBeNull();
    expect(page.text("[data-testid=signature-typed]")).toBe("James Okafor, MD");
    expect((await client.raw("GET", src)).status).toBe(404);

    page = await client.submit(page, "[data-testid=signature-remove-form]");
    expect(page.toasts("success")).toEqual(["Your signature has been removed."]);
    expect(page.text("[data-testid=signature-preview]")).toContain("You have no signature yet.");
  });

  it("in Spanish", async () => {
    const page = await (await signedIn(JAMES, "es-US")).get(PROFILE);
    expect(page.text("#signature-heading")).toBe("Firma");
    expect(page.$("label[for=signature-typed-name]")?.textContent).toContain("Nombre con el que firmas");
  });

  it("only the clinicians have one: a nurse's profile has no signature section", async () => {
    const page = await (await signedIn("nurse@demo.test")).get(PROFILE);
    expect(page.status).toBe(200);
    expect(page.$("section#signature")).toBeNull();
  });

  it("a printed prescription written before its prescriber had a signature shows none, even once they have one", async () => {
    // Emma's (patient 1) prescriptions from the seed, written by the treatment's provider or the provider manager
    // before either had a signature: the print keeps what was there when it was written (nothing).
    const clients = { "Marcus Hale": await as("provider"), "Olivia Bennett": await as("manager") } as Record<string, WebClient>;
    const tab = await clients["Marcus Hale"]!.get("/staff/patients/1/treatments");
    const ids = tab.$$("[data-testid^=treatment-]").map((el) => el.getAttribute("data-testid")!.slice("treatment-".length));
    let checked = 0;
    for (const id of ids) {
      const manage = await clients["Marcus Hale"]!.get(`/provider/patients/1/intakes/${id}/manage-prescription`);
      const href = manage.$("[data-testid=prescription-history] a")?.getAttribute("href");
      if (manage.status !== 200 || !href) continue;
      const before = await clients["Marcus Hale"]!.get(href);
      const prescriber = Object.keys(clients).find((name) => before.text("[data-testid=printable-prescription] dl").includes(name));
      if (!prescriber) continue;
      const own = clients[prescriber]!;
      const profilePath = prescriber === "Olivia Bennett" ? "/manager/profile" : "/staff/profile";
      await own.submit(await own.get(profilePath), "[data-testid=signature-name-form]", { typedName: `${prescriber}, signed later` });
      const after = await clients["Marcus Hale"]!.get(href);
      expect(after.text("[data-testid=prescription-signature]")).not.toContain("signed later");
      expect(after.text("[data-testid=prescription-signature]")).toBe(before.text("[data-testid=prescription-signature]"));
      await own.submit(await own.get(profilePath), "[data-testid=signature-remove-form]");
      checked++;
      break;
    }
    expect(checked).toBe(1);
  });

  it("a chart signed with a signature keeps it: a later change or removal of the signature does not show on it", async () => {
    const manager = await as("manager");
    const profilePath = "/manager/profile";
    await manager.submit(await manager.get(profilePath), "[data-testid=signature-name-form]", { typedName: "Olivia Bennett, at signing" });
    const png = await sharp({ create: { width: 200, height: 60, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png().toBuffer();
    await upload(manager, await manager.get(profilePath), { bytes: png, name: "sig.png", type: "image/png" });
    // The last chart of the to-review list (the first ones are other suites' and the axe sweep's).
    const list = await manager.get("/manager/charts");
    const open = list.$$("[data-testid=open-chart]").at(-1)!.getAttribute("href")!;
    const chart = await manager.get(open);
    const signed = await manager.submit(chart, { button: "Sign for approval" }, { consent: "on" });
    expect(signed.status).toBe(200);
    expect(signed.$("[data-testid=chart-signature] img")!.getAttribute("alt")).toBe("Signature of Olivia Bennett, at signing");
    const src = signed.$("[data-testid=chart-signature] img")!.getAttribute("src")!;

    await manager.submit(await manager.get(profilePath), "[data-testid=signature-name-form]", { typedName: "Olivia Bennett, renamed" });
    await manager.submit(await manager.get(profilePath), "[data-testid=signature-remove-form]");
    const later = await manager.get(signed.path);
    const img = later.$("[data-testid=chart-signature] img")!;
    expect(img.getAttribute("alt")).toBe("Signature of Olivia Bennett, at signing");
    expect(img.getAttribute("src")).toBe(src);
    expect((await manager.raw("GET", src)).status).toBe(200);
  });
});
