// Placeholder: this page is being built in the learning-journey issue (#6).
import { data } from "react-router";

export function loader() {
  throw data("Not built yet", { status: 404 });
}

export default function Placeholder() {
  return null;
}
