import { describe, expect, it } from "vitest";
import { parseContent, searchHelp, type HelpTopic } from "./content";

describe("parseContent", () => {
  it("headings, paragraphs (lines joined) and lists; markup stays text", () => {
    expect(parseContent("Intro line\nsecond line\n\n## Title\n- one\n- <b>two</b>\nAfter <script>x</script>\n")).toEqual([
      { type: "p", text: "Intro line second line" },
      { type: "h2", text: "Title" },
      { type: "ul", items: ["one", "<b>two</b>"] },
      { type: "p", text: "After <script>x</script>" },
    ]);
  });
});

describe("searchHelp", () => {
  const topics: HelpTopic[] = [
    { key: "billing", title: "Billing", questions: [{ q: "When am I charged?", a: "At each renewal." }, { q: "Card declined", a: "Update your card." }] },
    { key: "cancellation", title: "Cancelación", questions: [{ q: "¿Cómo cancelo?", a: "Desde su página de suscripciones." }] },
  ];
  it("every word must match, in the question, answer or topic title; only matching questions stay", () => {
    expect(searchHelp(topics, "card update")).toEqual([{ ...topics[0]!, questions: [topics[0]!.questions[1]!] }]);
    expect(searchHelp(topics, "billing renewal").map((t) => t.key)).toEqual(["billing"]);
    expect(searchHelp(topics, "nothing here")).toEqual([]);
  });
  it("ignores case and accents; an empty query answers everything", () => {
    expect(searchHelp(topics, "CANCELACION suscripciones").map((t) => t.key)).toEqual(["cancellation"]);
    expect(searchHelp(topics, "  ")).toBe(topics);
  });
});
