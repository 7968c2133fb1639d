import { pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import { savedSearchAlertSchema, savedSearchSchema, MAX_SAVED_SEARCHES } from "~/features/saved-searches/schemas";
import { savedSearchesAnswer } from "~/features/saved-searches/answers";

const NO_SAVED_SEARCH = "No such saved search of the caller's.";

export const savedSearchPaths: ApiPath[] = [
  {
    path: "/api/saved-searches",
    operations: {
      get: {
        summary: "The caller's saved searches, oldest first.",
        access: "member",
        answers: { 200: successAnswer({ data: savedSearchesAnswer }) },
      },
      post: {
        summary:
          "Saves a marketplace search; each new listing it finds tells the caller by its alert (instant, daily digest, off).",
        access: "member",
        body: savedSearchSchema,
        answers: { 201: successAnswer({ data: savedSearchesAnswer }) },
        errors: { 409: `The caller already keeps ${MAX_SAVED_SEARCHES} saved searches.` },
      },
    },
  },
  {
    path: "/api/saved-searches/{id}",
    params: { id: pathIdSchema },
    operations: {
      patch: {
        summary: "Changes the saved search's alert.",
        access: "member",
        body: savedSearchAlertSchema,
        answers: { 200: successAnswer({ data: savedSearchesAnswer }) },
        errors: { 404: NO_SAVED_SEARCH },
      },
      delete: {
        summary: "Deletes the saved search.",
        access: "member",
        answers: { 200: successAnswer({ data: savedSearchesAnswer }) },
        errors: { 404: NO_SAVED_SEARCH },
      },
    },
  },
];
