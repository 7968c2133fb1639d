import { redirect } from "react-router";

// Spec §2: any unknown path redirects to the landing page.
export const loader = () => redirect("/");
export const action = () => redirect("/");
