import { data, Form, Link } from "react-router";
import type { Route } from "./+types/message-room";
import { Thread } from "~/components/chat/thread";
import { PageTitle } from "~/components/page-title";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { loadAssignees, loadPatientChats, loadRoomPatient, loadSuggestion, loadThread, threadAction, type ChatFormResult } from "~/lib/chats.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { useRevalidateOnChatEvents } from "~/lib/chat-events";
import { UserPicker } from "~/components/tasks/user-picker";
import type { PickerState } from "~/components/tasks/task-model";
import { useHydrated } from "~/components/ui/use-hydrated";
import { idParam } from "../../../api/contract/common.ts";
import { isChatCategory, type Chat } from "../../../api/contract/chats.ts";

export const handle = { title: "common:pages.messageRoom", i18n: ["chat", "patients"] } satisfies RouteHandle;

const notFound = () => data(null, { status: 404, statusText: "Not Found" });

/** The picker's no-JavaScript state is never used here (without JavaScript the room shows a plain select). */
const CLOSED_PICKER: PickerState = { open: false, search: "", team: "all", page: 1, items: [], hasMore: false };

/** The chat the URL names: its id, else its category, else the first with unread messages, else the first. */
function pick(chats: Chat[], category: string | undefined, chatId: string | undefined): Chat {
  const byId = chatId ? chats.find((c) => String(c.id) === chatId) : undefined;
  if (chatId && !byId) throw notFound();
  if (category && !isChatCategory(category)) throw notFound();
  const chosen = byId ?? (category ? chats.find((c) => c.category === category) : undefined) ?? chats.find((c) => c.unreadCount > 0) ?? chats[0];
  if (!chosen) throw notFound();
  return chosen;
}

async function roomOf(params: Route.LoaderArgs["params"], context: Route.LoaderArgs["context"]) {
  const patientId = idParam.safeParse(params.patientId);
  if (!patientId.success) throw notFound();
  const chats = await loadPatientChats(context, patientId.data);
  return { patientId: patientId.data, chats, chat: pick(chats, params.chatCategory, params.chatId) };
}

/**
 * The message room (spec §2 /staff/messages/{patientId}/chat/{chatCategory?}/{chatId?}; issue 17): the patient's chats
 * as tabs by category, the chosen chat's history and composer, its assignment, bot flag and mark all read.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { patientId, chats, chat } = await roomOf(params, context);
  const suggest = new URL(request.url).searchParams.get("suggest") === "1";
  const [thread, patient, assignees, draft] = await Promise.all([
    loadThread(request, context, chat.id),
    loadRoomPatient(context, patientId),
    loadAssignees(context).catch(() => []),
    suggest ? loadSuggestion(context, chat.id) : Promise.resolve(null),
  ]);
  return { ...thread, draft, patient, tabs: chats.map((c) => ({ id: c.id, category: c.category, unreadCount: c.id === chat.id ? 0 : c.unreadCount })), assignees };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { patientId, chat } = await roomOf(params, context);
  return threadAction(request, context, chat.id, `/staff/messages/${patientId}/chat/${chat.category}/${chat.id}`);
}

export default function StaffMessageRoom({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { chat, patient, tabs, assignees } = loaderData;
  const base = `/staff/messages/${patient.id}/chat`;
  const hydrated = useHydrated();
  // Live: a message in any of this patient's chats refreshes the thread and the tabs' counts.
  useRevalidateOnChatEvents((e) => e.patientId === patient.id);
  return (
    <div className="flex flex-col gap-6 p-4 md:p-8">
      <div className="flex flex-col gap-1">
        <Link to="/staff/messages" className="text-sm text-primary underline">
          {t("chat:staff.allMessages")}
        </Link>
        <PageTitle title={handle.title} />
        <p className="text-lg font-medium" data-testid="room-patient">
          {t("chat:staff.room", { name: patient.fullName })}
        </p>
      </div>
      <nav aria-label={t("chat:staff.categoriesLabel")}>
        <ul className="flex flex-wrap gap-2 border-b">
          {tabs.map((c) => (
            <li key={c.id}>
              <Link to={`${base}/${c.category}/${c.id}`} aria-current={c.id === chat.id ? "page" : undefined} className={`inline-flex min-h-10 items-center gap-2 px-3 ${c.id === chat.id ? "border-b-2 border-primary font-semibold" : "text-muted-foreground"}`}>
                {t(`chat:categories.${c.category}`)}
                {c.unreadCount > 0 ? <Badge variant="primary">{t("chat:staff.unread", { count: c.unreadCount })}</Badge> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <Thread chatId={chat.id} messages={loaderData.messages} hasEarlier={loaderData.hasEarlier} earlierBefore={loaderData.earlierBefore} pages={loaderData.pages} editing={loaderData.editing} result={actionData as ChatFormResult | undefined} viewer="staff" draft={loaderData.draft} />
        <aside aria-labelledby="chat-settings" className="flex flex-col gap-4 rounded-lg border p-4">
          <h2 id="chat-settings" className="font-semibold">
            {t("chat:staff.settings")}
          </h2>
          <Form method="post" className="grid gap-2" data-testid="assign-form">
            <input type="hidden" name="intent" value="assign" />
            {hydrated ? (
              // With JavaScript: the user picker of spec §2 (search, team tabs, active staff only; the choice can be cleared).
              <UserPicker
                field="providerId"
                kind="assignee"
                purpose="assign"
                label={t("chat:staff.assign")}
                value={chat.assignedProviderId ? { id: chat.assignedProviderId, fullName: chat.assignedProviderName ?? "", avatarUrl: null, profession: null, email: null } : null}
                state={CLOSED_PICKER}
                formAction=""
                emptyLabel={t("chat:staff.nobody")}
              />
            ) : (
              <Select
                id="assign-provider"
                name="providerId"
                label={t("chat:staff.assign")}
                enhance={false}
                defaultValue={chat.assignedProviderId ? String(chat.assignedProviderId) : ""}
                options={[{ value: "", label: t("chat:staff.nobody") }, ...assignees.map((a) => ({ value: String(a.id), label: a.fullName }))]}
              />
            )}
            <Button type="submit" variant="outline">
              {t("chat:staff.assignButton")}
            </Button>
          </Form>
          <Form method="post" className="grid gap-2" data-testid="bot-form">
            <input type="hidden" name="intent" value="bot" />
            <input type="hidden" name="enabled" value={chat.botEnabled ? "false" : "true"} />
            <p className="text-sm">
              <span className="font-medium">{t("chat:staff.bot")}: </span>
              {t(chat.botEnabled ? "chat:staff.botState_on" : "chat:staff.botState_off")}
            </p>
            <Button type="submit" variant="outline">
              {t(chat.botEnabled ? "chat:staff.botTurnOff" : "chat:staff.botTurnOn")}
            </Button>
          </Form>
          <Form method="get" action="#composer">
            <input type="hidden" name="suggest" value="1" />
            <Button type="submit" variant="outline" className="w-full" data-testid="suggest">
              {t("chat:staff.suggest")}
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="markAllRead" />
            <Button type="submit" variant="outline" className="w-full">
              {t("chat:staff.markAllRead")}
            </Button>
          </Form>
        </aside>
      </div>
    </div>
  );
}
