import { Link } from "react-router";
import { useTheme } from "~/lib/use-root";
import { cn } from "~/lib/utils";

/** The brand logo of the current theme, linking home when `to` is given. */
export function Logo({ to, className }: { to?: string; className?: string }) {
  const theme = useTheme();
  const image = <img src={theme.logo} alt={theme.brand} width={160} height={32} className={cn("h-8 w-auto", className)} />;
  return to ? (
    <Link to={to} className="inline-flex rounded-md">
      {image}
    </Link>
  ) : (
    image
  );
}
