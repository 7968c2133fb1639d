import { z } from "~/lib/zod";
import { pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import { orderMessageSchema } from "~/features/exchange/schemas";
import { enquiryMessageViewSchema, enquiryViewSchema } from "~/features/enquiries/answers";

const NO_ENQUIRY = "No such thread, or one the caller is not one of the two members of.";

export const enquiryPaths: ApiPath[] = [
  {
    path: "/api/listings/{id}/enquiries",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "The caller's threads about the listing: its owner sees one per member who asked.",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ enquiries: z.array(enquiryViewSchema) }) }) },
        errors: { 404: "No such listing the caller may see, and no thread of theirs about it." },
      },
      post: {
        summary: "Asks the listing's owner a question before any order; asking again adds to the same thread.",
        access: "member",
        body: orderMessageSchema,
        answers: {
          201: successAnswer({ data: z.object({ enquiry: enquiryViewSchema, message: enquiryMessageViewSchema }) }),
        },
        errors: {
          403: "A block between the two members.",
          404: "No such listing, or one that takes no requests (paused, closed, hidden).",
          409: "The caller's own listing, or a sample listing.",
          429: "Rate limited (Retry-After).",
        },
      },
    },
  },
  {
    path: "/api/enquiries/{id}/messages",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "The thread's messages, oldest first.",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ messages: z.array(enquiryMessageViewSchema) }) }) },
        errors: { 404: NO_ENQUIRY },
      },
      post: {
        summary: "Writes in the thread.",
        access: "member",
        body: orderMessageSchema,
        answers: { 201: successAnswer({ data: z.object({ message: enquiryMessageViewSchema }) }) },
        errors: { 403: "A block between the two members.", 404: NO_ENQUIRY, 429: "Rate limited (Retry-After)." },
      },
    },
  },
];
