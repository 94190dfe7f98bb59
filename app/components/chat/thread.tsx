import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { StepErrors, fieldId, typed, useFieldError } from "~/components/clinical/step-form";
import { SubmitButton } from "~/components/form-field";
import type { ThreadMessage, ChatFormResult } from "~/lib/chats.server";
import { useTranslation } from "~/lib/use-translation";
import { CHAT_FIELDS, CHAT_MESSAGE_MAX } from "../../../api/contract/chat-rules.ts";

/**
 * A chat's history and its composer (issue 17), the same for the patient and the staff room: plain links and forms, so
 * everything works without JavaScript. Message HTML comes sanitised from the API (p, b, i, u, strong, em, br, a).
 * Older messages: the "Load earlier" link (`?pages=n+1`); with JavaScript, scrolling up to it (or pressing it) loads the
 * next older page in place (useEarlierMessages), keeping what the reader sees where it was.
 */
export function Thread({ chatId, messages: newest, hasEarlier, earlierBefore = null, pages, editing, result, viewer, draft }: { chatId: number; messages: ThreadMessage[]; hasEarlier: boolean; earlierBefore?: number | null; pages: number; editing: ThreadMessage | null; result: ChatFormResult | undefined; viewer: "patient" | "staff"; draft?: string | null }) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLOListElement>(null);
  const { messages, more, loading, load, sentinelRef } = useEarlierMessages(chatId, newest, earlierBefore, hasEarlier, listRef);
  return (
    <section aria-labelledby="thread-title" className="flex flex-col gap-4">
      <h2 id="thread-title" className="sr-only">
        {t("chat:thread.messages")}
      </h2>
      {more ? (
        <p ref={sentinelRef} aria-busy={loading || undefined}>
          <Link
            to={`?pages=${pages + 1}`}
            preventScrollReset
            className="text-primary underline"
            data-testid="load-earlier"
            onClick={(e) => {
              if (!load) return;
              e.preventDefault();
              load();
            }}
          >
            {t("chat:thread.loadEarlier")}
          </Link>
        </p>
      ) : null}
      {messages.length === 0 ? (
        <p className="text-muted-foreground">{t("chat:thread.empty")}</p>
      ) : (
        <ol ref={listRef} className="flex flex-col gap-3" data-testid="messages">
          {messages.map((m, i) => (
            <MessageItem key={m.id} m={m} viewer={viewer} last={i === messages.length - 1} />
          ))}
        </ol>
      )}
      {editing ? <EditForm m={editing} result={result?.intent === "edit" ? result : undefined} /> : <SendForm key={draft ?? ""} result={result?.intent === "send" ? result : undefined} draft={draft ?? null} />}
    </section>
  );
}

type EarlierPage = { messages: ThreadMessage[]; nextBefore: number | null };

/**
 * Loading older messages with JavaScript: pages from /resources/chats/:id/messages?before= prepended to the loader's
 * newest ones; the next page loads when the reader scrolls up to the top of the thread (an IntersectionObserver on the
 * "Load earlier" line, armed by the reader's own upward scroll, so opening a chat loads nothing more) or presses the
 * link. The first message on screen keeps its place. Errors are silent (spec §8): the link stays.
 */
function useEarlierMessages(chatId: number, newest: ThreadMessage[], earlierBefore: number | null, hasEarlier: boolean, listRef: React.RefObject<HTMLOListElement | null>) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<EarlierPage>();
  const [earlier, setEarlier] = useState<ThreadMessage[]>([]);
  const [cursor, setCursor] = useState<number | null>(null);
  const [shownChat, setShownChat] = useState(chatId);
  const anchor = useRef<{ id: number; top: number } | null>(null);
  const sentinelRef = useRef<HTMLParagraphElement>(null);
  if (shownChat !== chatId) {
    setShownChat(chatId);
    setEarlier([]);
    setCursor(null);
  }
  const next = earlier.length ? cursor : earlierBefore;
  const busy = fetcher.state !== "idle";
  const load = hydrated && next !== null
    ? () => {
        if (fetcher.state !== "idle") return;
        const first = listRef.current?.firstElementChild as HTMLElement | null;
        anchor.current = first ? { id: Number(first.dataset.id), top: first.getBoundingClientRect().top } : null;
        void fetcher.load(`/resources/chats/${chatId}/messages?before=${next}`);
      }
    : null;
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const page = fetcher.data;
    if (!page || !Array.isArray(page.messages)) return;
    if ("failed" in page) return; // silent: the link stays
    setEarlier((current) => [...page.messages.filter((m) => !current.some((c) => c.id === m.id)), ...current]);
    setCursor(page.nextBefore);
  }, [fetcher.data]);

  const ids = new Set(earlier.map((m) => m.id));
  const messages = [...earlier, ...newest.filter((m) => !ids.has(m.id))];

  // Keep the message that was first on screen where it was (scroll anchoring may already have done it: then no-op).
  useLayoutEffect(() => {
    const a = anchor.current;
    if (!a) return;
    anchor.current = null;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-id="${a.id}"]`);
    if (el) window.scrollBy(0, el.getBoundingClientRect().top - a.top);
  }, [earlier, listRef]);

  useEffect(() => {
    const el = sentinelRef.current;
    if (!hydrated || !el || typeof IntersectionObserver === "undefined") return;
    let armed = false;
    let lastY = window.scrollY;
    const onScroll = () => {
      if (window.scrollY < lastY) armed = true;
      lastY = window.scrollY;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    const observer = new IntersectionObserver(
      (entries) => {
        if (armed && entries.some((e) => e.isIntersecting)) loadRef.current?.();
      },
      { rootMargin: "200px 0px 0px 0px" },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", onScroll);
    };
  }, [hydrated, next]);

  return { messages, more: hydrated ? next !== null : hasEarlier, loading: busy, load, sentinelRef };
}

function MessageItem({ m, viewer, last }: { m: ThreadMessage; viewer: "patient" | "staff"; last: boolean }) {
  const { t } = useTranslation();
  const name = m.own ? t("chat:thread.you") : m.automatic ? t("chat:thread.automatic") : (m.senderName ?? t("chat:thread.team"));
  const mine = viewer === "patient" ? m.fromPatient : !m.fromPatient;
  return (
    <li id={last ? "latest" : undefined} className={`flex gap-3 ${mine ? "flex-row-reverse text-right" : ""}`} data-testid="message" data-id={m.id} data-own={m.own || undefined}>
      <Avatar name={name} src={m.automatic ? null : m.senderAvatarUrl} size="sm" decorative />
      <div className={`max-w-[36rem] rounded-lg border px-4 py-2 text-left ${mine ? "bg-muted" : "bg-background"}`}>
        <p className="text-sm">
          <span className="font-semibold">{name}</span> <time dateTime={m.createdAt} title={m.whenFull} className="text-muted-foreground">{m.when}</time>
          {m.editedAt ? <span className="text-muted-foreground"> · {t("chat:thread.edited")}</span> : null}
          {m.automatic && viewer === "staff" ? <span className="text-muted-foreground"> · {t("chat:thread.automatic")}</span> : null}
        </p>
        {/* Sanitised on the server to the message allow-list (api/domain/sanitize.ts). */}
        <div className="prose-sm break-words [&_a]:text-primary [&_a]:underline" dangerouslySetInnerHTML={{ __html: m.message }} />
        {m.attachments.length ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {m.attachments.map((a) => (
              <li key={a.id}>
                {a.mimeType.startsWith("image/") ? (
                  <a href={a.url} target="_blank" rel="noopener noreferrer">
                    <img src={a.url} alt={t("chat:thread.imageAlt", { title: a.title })} className="max-h-48 rounded border" loading="lazy" />
                  </a>
                ) : (
                  <a href={a.url} className="text-primary underline">
                    {t("chat:thread.pdf", { title: a.title })}
                  </a>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {m.own ? (
          <div className="mt-1 flex items-center gap-3 text-sm">
            <span className="text-muted-foreground">{m.read ? t("chat:thread.read") : t("chat:thread.sent")}</span>
            <Link to={`?edit=${m.id}#composer`} className="text-primary underline" aria-label={`${t("chat:thread.edit")}: ${m.whenFull}`}>
              {t("chat:thread.edit")}
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="messageId" value={m.id} />
              <Button type="submit" variant="destructiveGhost" size="sm" aria-label={`${t("chat:thread.delete")}: ${m.whenFull}`}>
                {t("chat:thread.delete")}
              </Button>
            </Form>
          </div>
        ) : null}
      </div>
    </li>
  );
}

function SendForm({ result, draft }: { result: ChatFormResult | undefined; draft: string | null }) {
  const { t } = useTranslation();
  const error = useFieldError(result);
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <Form method="post" encType="multipart/form-data" id="composer" className="grid gap-4 rounded-lg border p-4" data-testid="composer" noValidate>
      <h3 className="font-semibold">{t("chat:composer.title")}</h3>
      <input type="hidden" name="intent" value="send" />
      {draft !== null || result?.values.suggested ? <input type="hidden" name="suggested" value="true" /> : null}
      {draft !== null ? <p className="text-sm text-muted-foreground" data-testid="suggested-note">{t("chat:composer.suggested")}</p> : null}
      <StepErrors result={result} labels={{ message: t("chat:composer.message"), [CHAT_FIELDS.attachments]: t("chat:composer.attachments"), "": t("chat:composer.message") }} />
      <Textarea
        id={fieldId("message")}
        name="message"
        label={t("chat:composer.message")}
        hint={t("chat:composer.hint")}
        rows={4}
        maxLength={CHAT_MESSAGE_MAX}
        aria-required
        defaultValue={typed(result, "message", draft ?? "")}
        error={error("message")}
      />
      <FileField name={CHAT_FIELDS.attachments} label={t("chat:composer.attachments")} error={error(CHAT_FIELDS.attachments)} />
      <div>
        <SubmitButton pending={sending}>{t("chat:composer.send")}</SubmitButton>
      </div>
    </Form>
  );
}

function EditForm({ m, result }: { m: ThreadMessage; result: ChatFormResult | undefined }) {
  const { t } = useTranslation();
  const error = useFieldError(result);
  const plain = m.message.replace(/<br\s*\/?>/gi, "\n").replace(/<\/p>\s*<p>/gi, "\n\n").replace(/<[^>]*>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  return (
    <Form method="post" encType="multipart/form-data" id="composer" className="grid gap-4 rounded-lg border p-4" data-testid="edit-form" noValidate>
      <h3 className="font-semibold">{t("chat:composer.editTitle")}</h3>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="messageId" value={m.id} />
      <StepErrors result={result} labels={{ message: t("chat:composer.message"), [CHAT_FIELDS.addAttachments]: t("chat:composer.addAttachments") }} />
      <Textarea id={fieldId("message")} name="message" label={t("chat:composer.message")} rows={4} maxLength={CHAT_MESSAGE_MAX} aria-required defaultValue={typed(result, "message", plain)} error={error("message")} />
      {m.attachments.length ? (
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium">{t("chat:composer.attachments")}</legend>
          {m.attachments.map((a) => (
            <label key={a.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="deleteAttachments" value={a.id} />
              {t("chat:composer.removeAttachment", { title: a.title })}
            </label>
          ))}
        </fieldset>
      ) : null}
      <FileField name={CHAT_FIELDS.addAttachments} label={t("chat:composer.addAttachments")} error={error(CHAT_FIELDS.addAttachments)} />
      <div className="flex gap-3">
        <SubmitButton>{t("chat:composer.save")}</SubmitButton>
        <Link to="." className="inline-flex h-12 items-center px-4 text-primary underline">
          {t("chat:composer.cancel")}
        </Link>
      </div>
    </Form>
  );
}

function FileField({ name, label, error }: { name: string; label: string; error: React.ReactNode }) {
  const { t } = useTranslation();
  const id = fieldId(name);
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} name={name} type="file" multiple accept="image/jpeg,image/png,image/gif,application/pdf" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`} aria-invalid={error ? true : undefined} className="text-sm" />
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t("chat:composer.attachmentsHint")}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
