/**
 * The content files' plain parts (issue 18): a small Markdown subset turned into blocks (never into HTML: the page
 * renders each block's text as text, so nothing in a content file can add markup or script), and the help center's
 * search. Pure, shared by app/lib/content.server.ts and its unit test.
 *
 * The subset: "## " a section heading, "- " a list item (consecutive ones are one list), a blank line ends a
 * paragraph; anything else is paragraph text.
 */
export type ContentBlock = { type: "h2"; text: string } | { type: "p"; text: string } | { type: "ul"; items: string[] };

export function parseContent(source: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "p", text: paragraph.join(" ") });
    paragraph = [];
    if (list) blocks.push({ type: "ul", items: list });
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) flush();
    else if (line.startsWith("## ")) {
      flush();
      blocks.push({ type: "h2", text: line.slice(3).trim() });
    } else if (line.startsWith("- ")) {
      if (paragraph.length) flush();
      (list ??= []).push(line.slice(2).trim());
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

export type HelpQuestion = { q: string; a: string };
export type HelpTopic = { key: string; title: string; questions: HelpQuestion[] };

/** Lower case without accents, so "cancelacion" finds "Cancelación". */
export const foldText = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The longest search text kept, and the most words looked at. */
export const HELP_QUERY_MAX = 100;

/**
 * The topics whose questions match every word of `query` (in the question, the answer or the topic's title), each
 * with only its matching questions; an empty query answers every topic.
 */
export function searchHelp(topics: HelpTopic[], query: string): HelpTopic[] {
  const words = foldText(query.slice(0, HELP_QUERY_MAX)).split(/[^\p{L}\p{N}$]+/u).filter((w) => w.length > 1).slice(0, 10);
  if (!words.length) return topics;
  return topics
    .map((topic) => ({ ...topic, questions: topic.questions.filter((qa) => words.every((w) => foldText(`${topic.title} ${qa.q} ${qa.a}`).includes(w))) }))
    .filter((topic) => topic.questions.length > 0);
}
