import { Outlet } from "react-router";

/** Pages without site chrome (landing pages). */
export default function NoLayout() {
  return <Outlet />;
}
