import { successAnswer, type ApiPath } from "~/services/http/openapi.server";
import { searchQuerySchema, searchResultsSchema } from "~/features/search/schemas";

/** One search over posts, listings, members and events. */
export const searchPaths: ApiPath[] = [
  {
    path: "/api/search",
    operations: {
      get: {
        summary:
          "Searches posts, listings, members and events together: the first few of each with its total, each as its own search shows it.",
        access: "member",
        query: searchQuerySchema,
        answers: { 200: successAnswer({ data: searchResultsSchema }) },
      },
    },
  },
];
