import { z } from "~/lib/zod";
import { pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import { eventResultsSchema, resultsSchema } from "~/features/events/results";

/** An event's results: what it collected (entering the organiser's ledger) and its counts. */
export const eventResultPaths: ApiPath[] = [
  {
    path: "/api/events/{id}/results",
    params: { id: pathIdSchema },
    operations: {
      post: {
        summary:
          "The organiser records what the event achieved, once it has begun: each line of `collected` enters their impact " +
          "ledger (source `event`, counted once across members); recording again replaces the results and those entries. " +
          "Everyone going is told. GET /api/events/{id} carries the same `results` (null before any).",
        access: "member",
        body: resultsSchema,
        answers: { 201: successAnswer({ message: z.string(), data: z.object({ results: eventResultsSchema }) }) },
        errors: {
          400: "A field is missing or wrong (`errors` names it, lines as `collected.0.weight_kg`), or nothing was recorded.",
          403: "The caller is not the event's organiser.",
          404: "No such event.",
          409: "The event has not begun yet, or was cancelled.",
        },
      },
    },
  },
];
