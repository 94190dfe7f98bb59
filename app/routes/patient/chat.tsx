import { Link } from "react-router";
import type { Route } from "./+types/chat";
import { Thread } from "~/components/chat/thread";
import { PageTitle } from "~/components/page-title";
import { loadThread, threadAction, type ChatFormResult } from "~/lib/chats.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/use-translation";
import { idParam } from "../../../api/contract/common.ts";
import { data } from "react-router";

export const handle = { title: "common:pages.patientChat", i18n: ["chat", "patients"] } satisfies RouteHandle;

function chatIdOf(raw: string | undefined): number {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw data(null, { status: 404, statusText: "Not Found" });
  return parsed.data;
}

/** One conversation (issue 17): history 20 at a time, send with attachments, edit and delete one's own messages. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadThread(request, context, chatIdOf(params.id));
}

export function action({ request, params, context }: Route.ActionArgs) {
  const id = chatIdOf(params.id);
  return threadAction(request, context, id, `/patient/chats/${id}`);
}

export default function PatientChat({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { chat } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Link to="/patient/chats" className="text-sm text-primary underline">
          {t("chat:thread.back")}
        </Link>
        <PageTitle title={handle.title} />
        <p className="text-lg font-medium" data-testid="chat-category">
          {t(`chat:categories.${chat.category}`)}
        </p>
      </div>
      <Thread chatId={chat.id} messages={loaderData.messages} hasEarlier={loaderData.hasEarlier} earlierBefore={loaderData.earlierBefore} pages={loaderData.pages} editing={loaderData.editing} result={actionData as ChatFormResult | undefined} viewer="patient" />
    </div>
  );
}
