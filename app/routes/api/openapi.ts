import { apiRoute } from "~/services/http/api.server";
import { apiDocumentText } from "~/features/api-document/document.server";

/** GET /api/openapi.json: the API's OpenAPI 3.1 document, for anyone (it describes, it holds nothing). */
export const action = apiRoute({});
export const loader = apiRoute({
  GET() {
    return new Response(apiDocumentText(), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  },
});
