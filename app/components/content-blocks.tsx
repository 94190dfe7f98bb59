import type { ContentBlock } from "~/lib/content";

/** A content file's blocks (app/lib/content.ts) as text: headings, paragraphs and lists — never HTML from the file. */
export function ContentBlocks({ blocks }: { blocks: ContentBlock[] }) {
  return (
    <div className="flex max-w-3xl flex-col gap-3 leading-relaxed" data-testid="content">
      {blocks.map((b, i) =>
        b.type === "h2" ? (
          <h2 key={i} className="mt-3 text-lg font-semibold">
            {b.text}
          </h2>
        ) : b.type === "ul" ? (
          <ul key={i} className="list-disc space-y-1 ps-6">
            {b.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{b.text}</p>
        ),
      )}
    </div>
  );
}
