import { useLoaderData } from "react-router";

/** One page of about 5 KB of HTML (with the document and its scripts), its rows from a loader. */
export function meta() {
  return [{ title: "Bare React Router page" }, { name: "description", content: "The baseline of npm run bench" }];
}

export function loader() {
  return {
    rows: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}`, note: `A line of text for row ${i + 1}.` })),
  };
}

export default function Home() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Bare React Router page</h1>
      <p>Server-rendered by React Router in framework mode on Express, the floor our pages are measured against.</p>
      <ul>
        {rows.map((row) => (
          <li key={row.id}>
            <a href={`/items/${row.id}`}>{row.name}</a> <span>{row.note}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
