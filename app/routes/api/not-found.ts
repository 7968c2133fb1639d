import { apiError } from "~/services/http/api.server";

// Unknown /api paths answer JSON, never the catch-all redirect to "/".
const notFound = () => apiError(404, "This API endpoint does not exist.");
export const loader = notFound;
export const action = notFound;
