/**
 * The content files (issue 18; content/<language>/): the legal pages (Markdown subset, app/lib/content.ts) and the
 * help center's questions and answers (help-center.json), in the reader's language. They are built into the server
 * bundle (import.meta.glob), read once; the browser gets only the blocks of the page it shows.
 */
import { data, type RouterContextProvider } from "react-router";
import { getLanguage } from "./i18n.server.ts";
import { HELP_QUERY_MAX, parseContent, searchHelp, type ContentBlock, type HelpTopic } from "./content.ts";

type Context = Readonly<RouterContextProvider>;

const markdown = import.meta.glob<string>("../../content/*/*.md", { query: "?raw", import: "default", eager: true });
const help = import.meta.glob<{ topics: HelpTopic[] }>("../../content/*/help-center.json", { import: "default", eager: true });

export const LEGAL_PAGES = ["telehealth-consent", "privacy-policy", "terms-and-conditions", "cancellation-policy"] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

const FALLBACK = "en-US";
const parsed = new Map<string, ContentBlock[]>();

function fileOf<T>(files: Record<string, T>, language: string, name: string): T | undefined {
  return files[`../../content/${language}/${name}`] ?? files[`../../content/${FALLBACK}/${name}`];
}

/** A legal page's blocks in the reader's language (English when a translation is missing). */
export function legalPageLoader(context: Context, page: LegalPage) {
  const language = getLanguage(context);
  const key = `${language}/${page}`;
  let blocks = parsed.get(key);
  if (!blocks) {
    const source = fileOf(markdown, language, `${page}.md`);
    if (source === undefined) throw data(null, { status: 404 });
    blocks = parseContent(source);
    parsed.set(key, blocks);
  }
  return { blocks };
}

/** The help center's topics in the reader's language, filtered by the search text of `?q=` (server side: no script needed). */
export function helpTopics(request: Request, context: Context) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, HELP_QUERY_MAX).trim();
  const topics = fileOf(help, getLanguage(context), "help-center.json")?.topics ?? [];
  return { query, topics: searchHelp(topics, query), total: topics.length };
}
