import { useRouteLoaderData } from "react-router";
import type { loader as shellLoader } from "../routes/shell.tsx";
import type { Role } from "./access.ts";

/** Fresh-per-navigation data of the shell route: the signed-in role and the web form token. */
export function useShell(): { role: Role; formToken: string } {
  const data = useRouteLoaderData<typeof shellLoader>("shell");
  return { role: data?.viewer.role ?? "guest", formToken: data?.formToken ?? "" };
}
