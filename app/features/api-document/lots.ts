import { z } from "~/lib/zod";
import { countedPaginationSchema, pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import {
  chainEventSchema,
  chainQuerySchema,
  lotQuerySchema,
  lotViewSchema,
  operationSchema,
  operationViewSchema,
} from "~/features/lots/schemas";

/** Lots: the weight each transfer note gave its transferee, their operations and their chain. */
export const lotPaths: ApiPath[] = [
  {
    path: "/api/lots",
    operations: {
      get: {
        summary: "The caller's lots in one state (open unless `state=closed`), newest first, 20 a page, with the total.",
        access: "member",
        query: lotQuerySchema,
        answers: {
          200: successAnswer({ data: z.object({ lots: z.array(lotViewSchema), pagination: countedPaginationSchema }) }),
        },
      },
    },
  },
  {
    path: "/api/lots/{id}",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary:
          "A lot and its whole chain, every hand-over and operation from the first holder to the last, 200 a page, for any " +
          "member who held it, one of its ancestors or descendants, or handed its first load over.",
        access: "member",
        query: chainQuerySchema,
        answers: {
          200: successAnswer({
            data: z.object({ lot: lotViewSchema, chain: z.array(chainEventSchema), pagination: countedPaginationSchema }),
          }),
        },
        errors: { 404: "No such lot, or one the caller had no part in." },
      },
    },
  },
  {
    path: "/api/lots/{id}/operations",
    params: { id: pathIdSchema },
    operations: {
      post: {
        summary:
          "The holder records what they did with part of the lot. A final operation (not R12, R13, D13, D14, D15) takes its " +
          "weight out of what is left (the lot closes at zero); an interim one leaves it. Never more than is left.",
        access: "member",
        body: operationSchema,
        answers: {
          201: successAnswer({ message: z.string(), data: z.object({ operation: operationViewSchema, lot: lotViewSchema }) }),
        },
        errors: {
          400: "A field is missing or wrong, or the weight is more than the lot has left (`errors.weight_kg` names it).",
          403: "The caller may see the lot but does not hold it.",
          404: "No such lot, or one the caller had no part in.",
        },
      },
    },
  },
];
