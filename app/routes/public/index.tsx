import { redirect } from "react-router";

/** "/" redirects to /login (spec §2), which sends a signed-in visitor on to their home. */
export function loader() {
  return redirect("/login");
}
