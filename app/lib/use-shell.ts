import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";
import type { Role } from "./access.ts";

/** Fresh-per-navigation data of the root route (app/root.tsx loader): the signed-in role and the web form token. */
export function useShell(): { role: Role; formToken: string } {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return { role: data?.viewer.role ?? "guest", formToken: data?.formToken ?? "" };
}
