import { Outlet } from "react-router";
import { BasicShell } from "~/components/basic-shell";

/** Basic centered layout (spec §2). */
export default function BasicLayout() {
  return (
    <BasicShell>
      <Outlet />
    </BasicShell>
  );
}
