import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { recognizeMedia, type AcceptedMedia } from "~/services/media.server";
import { messages } from "./messages";
import { postFormFields } from "./schemas";
import { MAX_MEDIA_BYTES, MAX_MEDIA_FILES } from "./vocabulary";

/**
 * Reading a new post as it is submitted (the page's create form and POST /api/posts): its text
 * fields and its files, checked while the request streams in and kept in memory until the whole
 * submission is valid. Storing the files is the media service's job.
 */

type SubmissionRefusal = {
  ok: false;
  reason: "invalid" | "too-large" | "unsupported-media";
  message: string;
  errors: Record<string, string>;
};
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

class MediaNotAllowed extends Error {}

const refuse = (reason: SubmissionRefusal["reason"], message: string, field = "media"): SubmissionRefusal => ({
  ok: false,
  reason,
  message,
  errors: { [field]: message },
});

/**
 * Reads a create-post request (multipart with files, or a plain form or JSON without them).
 * Files are checked as they arrive: at most 5, each under 10MB, each an image or video by its
 * first bytes. Any broken rule refuses the whole submission; nothing has been written by then.
 */
export async function readPostSubmission(request: Request): Promise<PostSubmission | SubmissionRefusal> {
  const type = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_SUBMISSION_BYTES) return refuse("too-large", messages.mediaTooLarge);

  if (/^application\/json\b/i.test(type)) {
    if (declared > MAX_TEXT_BYTES) return refuse("too-large", "The request body is too large.", "form");
    try {
      const body: unknown = JSON.parse(await request.text());
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return refuse("invalid", "The request body must be a JSON object.", "form");
      }
      return { ok: true, fields: body as Record<string, unknown>, media: [] };
    } catch {
      return refuse("invalid", "The request body is not valid JSON.", "form");
    }
  }
  if (!/^multipart\/form-data\b/i.test(type) && !/^application\/x-www-form-urlencoded\b/i.test(type)) {
    return refuse("unsupported-media", "Send the post as multipart/form-data.", "form");
  }

  const media: AcceptedMedia[] = [];
  let formData: FormData;
  try {
    formData = await parseFormData(
      request,
      {
        maxFiles: MAX_MEDIA_FILES,
        maxFileSize: MAX_MEDIA_BYTES,
        maxParts: MAX_PARTS,
        maxHeaderSize: 8 * 1024,
        maxTotalSize: MAX_SUBMISSION_BYTES,
      },
      async (file: FileUpload) => {
        // An empty file input still sends a part with no name and no bytes.
        if (file.size === 0) return null;
        const bytes = new Uint8Array(await file.arrayBuffer());
        const mimeType = await recognizeMedia(bytes);
        if (!mimeType) throw new MediaNotAllowed();
        media.push({ bytes, mimeType });
        return null;
      },
    );
  } catch (error) {
    if (error instanceof MediaNotAllowed) return refuse("unsupported-media", messages.mediaNotAllowed);
    if (error instanceof MaxFilesExceededError) return refuse("invalid", messages.tooManyFiles);
    if (error instanceof MaxFileSizeExceededError) return refuse("too-large", messages.mediaTooLarge);
    if (error instanceof MaxTotalSizeExceededError) return refuse("too-large", messages.mediaTooLarge);
    if (error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError) {
      return refuse("invalid", "The form has too many or too large fields.", "form");
    }
    if (error instanceof FormDataParseError) return refuse("invalid", "The form data could not be read.", "form");
    throw error;
  }

  let textBytes = 0;
  for (const [, value] of formData) if (typeof value === "string") textBytes += value.length;
  if (textBytes > MAX_TEXT_BYTES) return refuse("too-large", "The form's text is too long.", "form");
  return { ok: true, fields: postFormFields(formData), media };
}
