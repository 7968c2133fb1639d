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
import { MAX_MEDIA_BYTES } from "~/features/community/vocabulary";
import { MAX_LISTING_PHOTOS } from "./vocabulary";

/**
 * Reading a new listing as it is submitted (the create page and POST /api/listings): its text
 * fields and its photos, with the same checks as a post's media, applied while the request streams
 * in: at most MAX_LISTING_PHOTOS files, each under 10 MB and an image by its first bytes. Any
 * broken rule refuses the whole submission before anything is written; the photos wait in memory.
 */

type SubmissionRefusal = {
  ok: false;
  reason: "invalid" | "too-large" | "unsupported-media";
  message: string;
  errors: Record<string, string>;
};
type ListingSubmission = { ok: true; fields: Record<string, string | unknown>; photos: AcceptedMedia[] };

const MAX_PARTS = 40;
/** The most text (JSON, or a form's fields) a listing is sent with, new or changed. */
export const MAX_LISTING_TEXT_BYTES = 64 * 1024;
export const MAX_LISTING_SUBMISSION_BYTES = MAX_LISTING_PHOTOS * MAX_MEDIA_BYTES + MAX_LISTING_TEXT_BYTES + 64 * 1024;

export const PHOTO_MESSAGES = {
  notAllowed: "Only images (JPEG, PNG, GIF, WebP, AVIF) can be attached to a listing.",
  tooLarge: "Each photo must be under 10MB.",
  tooMany: `You can attach at most ${MAX_LISTING_PHOTOS} photos.`,
};

/** The file fields a listing takes: `photo_0`..`photo_4` from API clients, `photos` (multiple) from the page. */
const PHOTO_FIELD = /^(photos|photo_[0-4])$/;

class PhotoRefused extends Error {
  constructor(readonly refusal: SubmissionRefusal) {
    super(refusal.message);
  }
}

const refuse = (reason: SubmissionRefusal["reason"], message: string, field = "photos"): SubmissionRefusal => ({
  ok: false,
  reason,
  message,
  errors: { [field]: message },
});

/** Reads a create-listing request: multipart with photos, a plain form, or JSON without photos. */
export async function readListingSubmission(request: Request): Promise<ListingSubmission | SubmissionRefusal> {
  const type = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_LISTING_SUBMISSION_BYTES) return refuse("too-large", PHOTO_MESSAGES.tooLarge);

  if (/^application\/json\b/i.test(type)) {
    if (declared > MAX_LISTING_TEXT_BYTES) return refuse("too-large", "The request body is too large.", "form");
    let text: string;
    try {
      text = await request.text();
    } catch {
      return refuse("too-large", "The request body is too large.", "form");
    }
    if (text.length > MAX_LISTING_TEXT_BYTES) return refuse("too-large", "The request body is too large.", "form");
    try {
      const body: unknown = JSON.parse(text);
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return refuse("invalid", "The request body must be a JSON object.", "form");
      }
      return { ok: true, fields: body as Record<string, unknown>, photos: [] };
    } catch {
      return refuse("invalid", "The request body is not valid JSON.", "form");
    }
  }
  if (!/^multipart\/form-data\b/i.test(type) && !/^application\/x-www-form-urlencoded\b/i.test(type)) {
    return refuse("unsupported-media", "Send the listing as multipart/form-data or JSON.", "form");
  }

  const photos: AcceptedMedia[] = [];
  let formData: FormData;
  try {
    formData = await parseFormData(
      request,
      {
        maxFiles: MAX_LISTING_PHOTOS,
        maxFileSize: MAX_MEDIA_BYTES,
        maxParts: MAX_PARTS,
        maxHeaderSize: 8 * 1024,
        maxTotalSize: MAX_LISTING_SUBMISSION_BYTES,
      },
      async (file: FileUpload) => {
        // An empty file input still sends a part with no name and no bytes.
        if (file.size === 0) return null;
        if (!PHOTO_FIELD.test(file.fieldName)) {
          throw new PhotoRefused(refuse("invalid", `Attach photos as photo_0 to photo_${MAX_LISTING_PHOTOS - 1}.`));
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        const mimeType = await recognizeMedia(bytes);
        if (!mimeType?.startsWith("image/")) throw new PhotoRefused(refuse("unsupported-media", PHOTO_MESSAGES.notAllowed));
        photos.push({ bytes, mimeType });
        return null;
      },
    );
  } catch (error) {
    if (error instanceof PhotoRefused) return error.refusal;
    if (error instanceof MaxFilesExceededError) return refuse("invalid", PHOTO_MESSAGES.tooMany);
    if (error instanceof MaxFileSizeExceededError) return refuse("too-large", PHOTO_MESSAGES.tooLarge);
    if (error instanceof MaxTotalSizeExceededError) return refuse("too-large", PHOTO_MESSAGES.tooLarge);
    if (error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError) {
      return refuse("invalid", "The form has too many or too large fields.", "form");
    }
    if (error instanceof FormDataParseError) return refuse("invalid", "The form data could not be read.", "form");
    throw error;
  }

  const fields: Record<string, string> = {};
  let textBytes = 0;
  for (const [name, value] of formData) {
    if (typeof value !== "string") continue;
    textBytes += value.length;
    fields[name] = value;
  }
  if (textBytes > MAX_LISTING_TEXT_BYTES) return refuse("too-large", "The form's text is too long.", "form");
  return { ok: true, fields, photos };
}
