import { redirect } from "react-router";

/** /patient/account redirects to the profile page (spec §2). */
export function loader() {
  return redirect("/patient/account/profile");
}
