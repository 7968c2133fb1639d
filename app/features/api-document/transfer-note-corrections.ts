import { z } from "~/lib/zod";
import { pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import { noteCorrectionSchema } from "~/features/transfer-notes/corrections";
import { transferNoteSchema } from "~/features/transfer-notes/schemas";

/** Correcting a transfer note: a new note that replaces it (docs/api.md, "Transfer notes"). */
export const transferNoteCorrectionPaths: ApiPath[] = [
  {
    path: "/api/transfer-notes/{id}/correction",
    params: { id: pathIdSchema },
    operations: {
      post: {
        summary:
          "Either party corrects a note: a new note with a new number that replaces it (`replaces`), the same parties, " +
          "signed by the corrector now and keeping the other party's signature of the transfer; the other party is told.",
        access: "member",
        body: noteCorrectionSchema,
        answers: { 201: successAnswer({ data: z.object({ note: transferNoteSchema }) }) },
        errors: {
          404: "No such note, or one the caller is not a party to.",
          409: "The note was already corrected: correct the newest.",
        },
      },
    },
  },
];
