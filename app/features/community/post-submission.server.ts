import type { z } from "zod";
import type { AcceptedMedia } from "~/services/media.server";
import { readSubmission, type SubmissionRefusal } from "~/services/http/submission.server";
import { fieldErrors } from "~/lib/forms";
import { countRefusedUpload } from "./allowance.server";
import { messages } from "./messages";
import { createPostSchema, editPostSchema, postFormFields, readRemovedMedia, type EditPostInput } from "./schemas";
import { MAX_MEDIA_BYTES, MAX_MEDIA_FILES } from "./vocabulary";

/**
 * Reading a new post as it is submitted (the page's create form and POST /api/posts): its text
 * fields and its files, checked while the request streams in, the files kept in temporary files
 * until the whole submission is valid (services/http/submission.server); `discard` removes what is left
 * of them once the request is done. Storing the files is the media service's job. A file refused
 * for its size, type or number counts against the member's posting allowance.
 */

type PostSubmission = {
  ok: true;
  fields: Record<string, unknown>;
  media: AcceptedMedia[];
  discard: () => Promise<void>;
};

/** The community page's forms other than Create Post carry an intent and no files. */
const createdPostText = (fields: Record<string, unknown>) =>
  fields.intent === undefined || fields.intent === "create" ? createPostSchema : null;

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
export async function readPostSubmission(
  request: Request,
  authorId: number,
  textSchema: (fields: Record<string, unknown>) => z.ZodType | null = createdPostText,
): Promise<PostSubmission | SubmissionRefusal> {
  const submission = await readSubmission(
    request,
    {
      maxFiles: MAX_MEDIA_FILES,
      maxFileBytes: MAX_MEDIA_BYTES,
      maxParts: MAX_PARTS,
      maxTextBytes: MAX_TEXT_BYTES,
      maxTotalBytes: MAX_SUBMISSION_BYTES,
      fileField: "media",
      acceptsFileField: () => true,
      acceptsType: () => true,
      fieldsOf: postFormFields,
      textSchema,
      messages: {
        tooLarge: messages.mediaTooLarge,
        notAllowed: messages.mediaNotAllowed,
        tooMany: messages.tooManyFiles,
        wrongField: messages.mediaNotAllowed,
        unsupportedBody: "Send the post as multipart/form-data.",
      },
    },
    authorId,
  );
  if (!submission.ok) {
    if (submission.fileRefused) await countRefusedUpload("post", authorId);
    return submission;
  }
  return { ok: true, fields: submission.fields, media: submission.files, discard: submission.discard };
}

type PostEditSubmission = {
  ok: true;
  input: EditPostInput;
  added: AcceptedMedia[];
  removed: string[];
  fields: Record<string, unknown>;
  discard: () => Promise<void>;
};

/**
 * Reads an edit of a post (PATCH /api/posts/:id, the page's edit form): the fields to change as
 * editPostSchema reads them, files added under the same rules as a new post's, and `remove_media`,
 * the media to remove. A refusal carries the field errors; nothing has been written by then.
 */
export async function readPostEdit(
  request: Request,
  authorId: number,
  { wholeForm = false }: { wholeForm?: boolean } = {},
): Promise<PostEditSubmission | (SubmissionRefusal & { fields?: Record<string, unknown> })> {
  const submission = await readPostSubmission(request, authorId, () => editPostSchema);
  if (!submission.ok) return submission;
  const refused = async <Refusal>(refusal: Refusal) => {
    await submission.discard();
    return refusal;
  };
  const { fields, media, discard } = submission;
  // A page's form sends every field, but an unticked box sends nothing: there, absent means off.
  if (wholeForm && fields.is_local_event === undefined) fields.is_local_event = false;
  const removed = readRemovedMedia(fields.remove_media);
  if (!removed) {
    const message = "remove_media must be a list of the post's media URLs";
    return refused({ ok: false as const, reason: "invalid" as const, message, errors: { remove_media: message }, fields });
  }
  const result = editPostSchema.safeParse(fields);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    const message = Object.values(errors)[0] ?? messages.nothingToChange;
    return refused({ ok: false as const, reason: "invalid" as const, message, errors, fields });
  }
  return { ok: true, input: result.data, added: media, removed, fields, discard };
}
