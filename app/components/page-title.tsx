import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";

/** The page heading from the route's title key (the same text ends the document title). */
export function PageTitle({ title, level = 1, className }: { title: string; level?: 1 | 2; className?: string }) {
  const { t } = useTranslation();
  const Tag = level === 1 ? "h1" : "h2";
  return <Tag className={cn(level === 1 ? "text-2xl font-semibold tracking-tight" : "text-xl font-semibold", className)}>{t(title)}</Tag>;
}
