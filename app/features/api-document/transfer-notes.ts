import { z } from "~/lib/zod";
import { countedPaginationSchema, pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import {
  codeTotalSchema,
  dwtReceiptAnswerSchema,
  dwtReceiptQuerySchema,
  registerExportQuerySchema,
  registerQuerySchema,
  transferNoteSchema,
} from "~/features/transfer-notes/schemas";

const NOT_A_PARTY = "No such note, or not one the caller is a party to (alike).";

/** Duty-of-care transfer notes: the register, a note, its PDF, the register's CSV and the transferee's receipt. */
export const transferNotePaths: ApiPath[] = [
  {
    path: "/api/transfer-notes",
    operations: {
      get: {
        summary:
          "The caller's register of transfer notes, newest transfer first, 25 a page, with the total and the filtered " +
          "register's notes and weight by code (a note of several codes counts its whole weight under each). Dates are UTC days.",
        access: "member",
        query: registerQuerySchema,
        answers: {
          200: successAnswer({
            data: z.object({
              notes: z.array(transferNoteSchema),
              pagination: countedPaginationSchema,
              totals: z.array(codeTotalSchema),
            }),
          }),
        },
      },
    },
  },
  {
    path: "/api/transfer-notes/export",
    operations: {
      get: {
        summary:
          "The caller's register as CSV, one row a note, oldest transfer first, header first; text cells defused for spreadsheets.",
        access: "member",
        query: registerExportQuerySchema,
        answers: { 200: { mediaType: "text/csv", description: "The register (Content-Disposition: attachment)." } },
        errors: { 429: "An export is under way, or past the hourly limit (Retry-After)." },
      },
    },
  },
  {
    path: "/api/transfer-notes/{id}",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "One note, for its two parties.",
        access: "member",
        answers: { 200: successAnswer({ data: z.object({ note: transferNoteSchema }) }) },
        errors: { 404: NOT_A_PARTY },
      },
    },
  },
  {
    path: "/api/transfer-notes/{id}/pdf",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "The note as a PDF (one A4 page, selectable text), named after its number.",
        access: "member",
        answers: { 200: { mediaType: "application/pdf", description: "The note (Content-Disposition: attachment)." } },
        errors: { 404: NOT_A_PARTY },
      },
    },
  },
  {
    path: "/api/transfer-notes/{id}/dwt",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary:
          "The transferee's receipt for digital waste tracking (ReceiveMovementRequest fields without apiCode), what the note " +
          "cannot fill (`missing`), what the service's rules refuse (`errors`) and whether it is `ready`.",
        access: "member",
        query: dwtReceiptQuerySchema,
        answers: { 200: successAnswer({ data: dwtReceiptAnswerSchema }) },
        errors: { 403: "The caller is the note's transferor: the receipt is the transferee's.", 404: NOT_A_PARTY },
      },
    },
  },
];
