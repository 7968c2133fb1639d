import { redirect } from "react-router";

// Any unknown path redirects to the landing page.
export const loader = () => redirect("/");
export const action = () => redirect("/");
