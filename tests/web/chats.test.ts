/**
 * Messaging without JavaScript, as plain HTTP (issue 17): the patient writes in a category's chat with an image (a
 * multipart form), an empty message shows the §5 text in the error summary and keeps nothing lost; the staff member
 * finds the chat in the unread list, opens the room, assigns it, replies; the patient sees the reply and the unread
 * counter on reload; edit and delete one's own message; Spanish texts. The JavaScript journey is the e2e spec's.
 */
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { as, formEntries, WebClient, type WebPage } from "./client";

/** The demo patient's chat of a category, from the chats list. */
async function chatPath(client: WebClient, category: string): Promise<string> {
  const list = await client.get("/patient/chats/categories");
  expect(list.status).toBe(200);
  const link = list.$$("[data-testid=chat-categories] a").find((a) => a.textContent?.includes(category));
  return link!.getAttribute("href")!.replace(/#.*$/, "");
}

function composerBody(page: WebPage, values: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }): FormData {
  const body = new FormData();
  for (const [k, v] of formEntries(page.form("[data-testid=composer]"))) if (!(k in values) && k !== "attachments") body.append(k, v);
  for (const [k, v] of Object.entries(values)) body.append(k, v);
  if (file) body.append("attachments", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}

describe("patient and staff chat without JavaScript", () => {
  it("a patient sends a message with an image; empty is refused with the §5 text and the summary", async () => {
    const patient = await as("patient");
    const path = await chatPath(patient, "Pharmacy");
    const page = await patient.get(path);
    expect(page.h1).toBe("Conversation");
    expect(page.text("[data-testid=chat-category]")).toBe("Pharmacy");

    const empty = await patient.post(path, composerBody(page, { message: "   " }));
    expect(empty.status).toBe(400);
    expect(empty.text("[data-testid=error-summary]")).toContain("Message cannot be empty");
    expect(empty.$("#field-message")?.getAttribute("aria-describedby")).toBeTruthy();

    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#36c" } }).png().toBuffer();
    const sent = await patient.post(path, composerBody(page, { message: "Web tier: my refill photo" }, { bytes: png, name: "refill.png", type: "image/png" }));
    expect(sent.status).toBe(200);
    const mine = sent.$$("[data-testid=message]").find((m) => m.textContent?.includes("Web tier: my refill photo"));
    expect(mine).toBeTruthy();
    const img = mine!.querySelector("img")!;
    expect(img.getAttribute("src")).toMatch(/^\/api\/v1\/chats\/attachments\/\d+$/);
    const file = await patient.raw("GET", img.getAttribute("src")!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
  });

  it("staff see it in the unread list, open the room, assign and reply; the patient sees the reply and the counter", async () => {
    const patient = await as("patient");
    const path = await chatPath(patient, "Pharmacy");
    const page = await patient.get(path);
    await patient.post(path, composerBody(page, { message: "Web tier: question for staff" }));

    const nurse = await as("nurse");
    const list = await nurse.get("/staff/messages?tab=unread");
    expect(list.status).toBe(200);
    const entry = list.$$("[data-testid=chat-entries] li").find((li) => li.textContent?.includes("Web tier: question for staff"));
    expect(entry).toBeTruthy();
    const link = entry!.querySelector("a")!;
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    const room = await nurse.get(link.getAttribute("href")!);
    expect(room.status).toBe(200);
    expect(room.text("[data-testid=room-patient]")).toContain("Emma Carter");
    expect(room.text("[data-testid=messages]")).toContain("Web tier: question for staff");

    const option = room.$$("#assign-provider option").find((o) => o.textContent?.trim() && o.getAttribute("value"));
    const assigned = await nurse.submit(room, "[data-testid=assign-form]", { providerId: option!.getAttribute("value")! });
    expect(assigned.toasts("success").join(" ")).toContain("assigned");

    // A suggested reply lands in the composer, marked as such; it is edited and sent.
    const suggested = await nurse.get(`${room.path}?suggest=1`);
    expect(suggested.$("[data-testid=suggested-note]")).toBeTruthy();
    expect(suggested.$("#field-message")?.textContent).toContain("Emma");
    const reply = await nurse.post(room.path, composerBody(suggested, { message: "Web tier: staff reply" }));
    expect(reply.status).toBe(200);

    const before = await patient.get("/patient/chats");
    expect(before.text("[data-testid=chat-list]")).toMatch(/unread message/);
    const after = await patient.get(path);
    expect(after.text("[data-testid=messages]")).toContain("Web tier: staff reply");
  });

  it("edits and deletes one's own message; another's has no edit link", async () => {
    const patient = await as("patient");
    const path = await chatPath(patient, "Pharmacy");
    const page = await patient.get(path);
    const sent = await patient.post(path, composerBody(page, { message: "Web tier: typo herr" }));
    const mine = sent.$$("[data-testid=message][data-own]").find((m) => m.textContent?.includes("typo herr"))!;
    const editHref = mine.querySelector("a[href*='edit=']")!.getAttribute("href")!;
    const href = editHref.replace(/#.*$/, "");
    const editPage = await patient.get(href.startsWith("/") ? href : `${path}${href}`);
    expect(editPage.$("[data-testid=edit-form]")).toBeTruthy();
    const edited = await patient.submit(editPage, "[data-testid=edit-form]", { message: "Web tier: typo here" });
    expect(edited.text("[data-testid=messages]")).toContain("typo here");
    const again = edited.$$("[data-testid=message][data-own]").find((m) => m.textContent?.includes("typo here"))!;
    const id = again.querySelector("input[name=messageId]")!.getAttribute("value")!;
    const deleted = await patient.post(path, { intent: "delete", messageId: id });
    expect(deleted.text("[data-testid=messages]")).not.toContain("typo here");
    const staffMessages = deleted.$$("[data-testid=message]:not([data-own])");
    for (const m of staffMessages) expect(m.querySelector("a[href*='edit=']")).toBeNull();
  });

  it("speaks Spanish", async () => {
    const patient = await as("patient", { language: "es-US" });
    const page = await patient.get("/patient/chats");
    expect(page.lang).toBe("es-US");
    expect(page.bodyText).toContain("Equipo médico");
    const nurse = await as("nurse", { language: "es-US" });
    expect((await nurse.get("/staff/messages")).bodyText).toContain("No leídos");
  });
});

/** Reads an event stream until `until` matches the text received so far (or `ms` pass); answers that text. */
async function readUntil(response: Response, until: (text: string) => boolean, ms = 5000): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  while (!until(text) && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), Math.max(0, deadline - Date.now())))]);
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

describe("live chat events through the web tier (/resources/chats/events)", () => {
  it("relays the API's stream to a signed-in patient, uncompressed, and a staff reply arrives on it within 2 s", async () => {
    const patient = await as("patient");
    const path = await chatPath(patient, "Customer support");
    const abort = new AbortController();
    try {
      const stream = await patient.stream("/resources/chats/events", abort.signal);
      expect(stream.status).toBe(200);
      expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(stream.headers.get("content-encoding")).toBeNull();
      expect(await readUntil(stream, (t) => t.includes("event: ready"))).toContain("event: ready");

      const chatId = Number(path.split("/").pop());
      await patient.post(path, composerBody(await patient.get(path), { message: "Web tier: waiting live" }));
      const nurse = await as("nurse");
      const list = await nurse.get("/staff/messages?tab=unread");
      const entry = list.$$("[data-testid=chat-entries] li").find((li) => li.textContent?.includes("Web tier: waiting live"));
      const roomPath = entry!.querySelector("a")!.getAttribute("href")!;
      const room = await nurse.get(roomPath);
      await readUntil(stream, (t) => t.includes(`"chatId":${chatId}`));
      const reply = await nurse.post(room.path, composerBody(room, { message: "Web tier: live reply" }));
      expect(reply.status).toBe(200);
      // Committed before the post's answer: on the stream within 2 s of it.
      const text = await readUntil(stream, (t) => t.includes(`"chatId":${chatId}`), 2000);
      expect(text).toMatch(new RegExp(`event: chat\\ndata: \\{"kind":"message","chatId":${chatId},`));
      expect(text).not.toContain("live reply");
    } finally {
      abort.abort();
    }
  });

  it("answers a guest without a stream (the access rule sends them to sign in)", async () => {
    const guest = new WebClient();
    const abort = new AbortController();
    const r = await guest.stream("/resources/chats/events", abort.signal);
    abort.abort();
    expect(r.status).not.toBe(200);
  });
});
