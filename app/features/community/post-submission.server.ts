import type { AcceptedMedia } from "~/services/media.server";
import { readSubmission, type SubmissionRefusal } from "~/services/submission.server";
import { messages } from "./messages";
import { postFormFields } from "./schemas";
import { MAX_MEDIA_BYTES, MAX_MEDIA_FILES } from "./vocabulary";

/**
 * Reading a new post as it is submitted (the page's create form and POST /api/posts): its text
 * fields and its files, checked while the request streams in and kept in memory until the whole
 * submission is valid (services/submission.server). Storing the files is the media service's job.
 */

type PostSubmission = {
  ok: true;
  fields: Record<string, unknown>;
  media: AcceptedMedia[];
};

/** Text fields of the form plus their impact pairs; generous, but a request cannot grow without end. */
const MAX_PARTS = 60;
const MAX_TEXT_BYTES = 256 * 1024;
/** Every file at its largest, the text fields, and the multipart framing. */
export const MAX_SUBMISSION_BYTES = MAX_MEDIA_FILES * MAX_MEDIA_BYTES + MAX_TEXT_BYTES + 64 * 1024;

/**
 * Reads a create-post request (multipart with files, or a plain form or JSON without them).
 * Files are checked as they arrive: at most 5, each under 10MB, each an image or video by its
 * first bytes. Any broken rule refuses the whole submission; nothing has been written by then.
 */
export async function readPostSubmission(request: Request): Promise<PostSubmission | SubmissionRefusal> {
  const submission = await readSubmission(request, {
    maxFiles: MAX_MEDIA_FILES,
    maxFileBytes: MAX_MEDIA_BYTES,
    maxParts: MAX_PARTS,
    maxTextBytes: MAX_TEXT_BYTES,
    maxTotalBytes: MAX_SUBMISSION_BYTES,
    fileField: "media",
    acceptsFileField: () => true,
    acceptsType: () => true,
    fieldsOf: postFormFields,
    messages: {
      tooLarge: messages.mediaTooLarge,
      notAllowed: messages.mediaNotAllowed,
      tooMany: messages.tooManyFiles,
      wrongField: messages.mediaNotAllowed,
      unsupportedBody: "Send the post as multipart/form-data.",
    },
  });
  return submission.ok ? { ok: true, fields: submission.fields, media: submission.files } : submission;
}
