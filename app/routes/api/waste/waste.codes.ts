import { apiRoute, apiSuccess, readQuery } from "~/services/http/api.server";
import { searchWasteCodes } from "~/features/waste-codes/codes.server";
import { wasteCodeQuerySchema } from "~/features/waste-codes/schemas";

/**
 * GET /api/waste/codes?search&hazardous&page: the List of Waste, 25 a page. Public, as the list
 * itself is: a client looks a code up before anyone signs in, and nothing in it is a member's.
 */
export const loader = apiRoute({
  async GET({ request }) {
    return apiSuccess({ data: searchWasteCodes(readQuery(request, wasteCodeQuerySchema)) });
  },
});
