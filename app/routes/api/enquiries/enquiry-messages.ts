import { apiError, apiRoute, apiSuccess, failureResponse, readId, readJson, requireApiSession } from "~/services/http/api.server";
import { listEnquiryMessages, NO_SUCH_ENQUIRY, postEnquiryMessage } from "~/features/enquiries/enquiries.server";
import { orderMessageSchema } from "~/features/exchange/schemas";

/** GET /api/enquiries/:id/messages (oldest first) and POST {body}: the two members' thread. */
export const loader = apiRoute({
  async GET({ request, params }) {
    const { user } = await requireApiSession(request);
    const messages = await listEnquiryMessages(user, readId(params.id, NO_SUCH_ENQUIRY));
    return messages ? apiSuccess({ data: { messages } }) : apiError(404, NO_SUCH_ENQUIRY);
  },
});

export const action = apiRoute({
  async POST({ request, params }) {
    const { user } = await requireApiSession(request);
    const enquiryId = readId(params.id, NO_SUCH_ENQUIRY);
    const { body } = await readJson(request, orderMessageSchema);
    const outcome = await postEnquiryMessage(user, enquiryId, body);
    if (!outcome.ok) return failureResponse(outcome);
    return apiSuccess({ data: { message: outcome.enquiry_message } }, { status: 201 });
  },
});
