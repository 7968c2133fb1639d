import { z } from "~/lib/zod";
import { countedPaginationSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import { wasteCodeQuerySchema, wasteCodeSchema } from "~/features/waste-codes/schemas";

/** The List of Waste (reference data; its licences' attribution is in app/content/waste/README.md). */
export const wasteCodePaths: ApiPath[] = [
  {
    path: "/api/waste/codes",
    operations: {
      get: {
        summary:
          "The UK List of Waste (EWC codes), in code order, 25 a page, with the total: by words or a code prefix, hazardous or not.",
        access: "public",
        query: wasteCodeQuerySchema,
        answers: {
          200: successAnswer({ data: z.object({ codes: z.array(wasteCodeSchema), pagination: countedPaginationSchema }) }),
        },
      },
    },
  },
];
