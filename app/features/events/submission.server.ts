import type { AcceptedMedia } from "~/services/media.server";
import { readSubmission, type SubmissionRefusal } from "~/services/http/submission.server";
import { MAX_MEDIA_BYTES } from "~/vocabulary/media";
import { eventFields } from "./schemas";
import { z } from "~/lib/zod";
import { EVENT_PHOTO_MESSAGES } from "./vocabulary";

/**
 * Reading a new event as it is sent (the new event page and POST /api/events): its fields, and
 * one optional photo with the same checks as a listing's photos, applied while the request streams
 * in (under 10 MB, an image by its first bytes). Any broken rule refuses the whole submission and
 * removes what was written; the photo waits in a temporary file that `discard` removes.
 */

const MAX_EVENT_TEXT_BYTES = 32 * 1024;
/** The most a new event may send: its photo and its text, with room for multipart's framing. */
export const MAX_EVENT_SUBMISSION_BYTES = MAX_MEDIA_BYTES + MAX_EVENT_TEXT_BYTES + 64 * 1024;

/** The text fields as the form sends them before its photo: checked before the photo is read. */
const eventTextSchema = z.object(eventFields);

export type EventSubmission = {
  ok: true;
  fields: Record<string, unknown>;
  photos: AcceptedMedia[];
  discard: () => Promise<void>;
};

export async function readEventSubmission(request: Request, organiserId: number): Promise<EventSubmission | SubmissionRefusal> {
  const submission = await readSubmission(
    request,
    {
      maxFiles: 1,
      maxFileBytes: MAX_MEDIA_BYTES,
      maxParts: 20,
      maxTextBytes: MAX_EVENT_TEXT_BYTES,
      maxTotalBytes: MAX_EVENT_SUBMISSION_BYTES,
      fileField: "photo",
      acceptsFileField: (name) => name === "photo",
      acceptsType: (mimeType) => mimeType.startsWith("image/"),
      fieldsOf: (form) => {
        const fields: Record<string, string> = {};
        for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
        return fields;
      },
      textSchema: () => eventTextSchema,
      messages: {
        ...EVENT_PHOTO_MESSAGES,
        wrongField: "Attach the photo as the field photo.",
        unsupportedBody: "Send the event as JSON or multipart/form-data.",
      },
    },
    organiserId,
  );
  if (!submission.ok) return submission;
  return { ok: true, fields: submission.fields, photos: submission.files, discard: submission.discard };
}
