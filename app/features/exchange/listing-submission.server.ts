import type { AcceptedMedia } from "~/services/media.server";
import { readSubmission, type SubmissionRefusal } from "~/services/http/submission.server";
import { MAX_MEDIA_BYTES } from "~/vocabulary/media";
import { MAX_LISTING_PHOTOS } from "./vocabulary";
import { takeExchangeAllowance } from "./allowance.server";
import { listingSchema } from "./schemas";

/**
 * Reading a new listing as it is submitted (the create page and POST /api/listings): its text
 * fields and its photos, with the same checks as a post's media, applied while the request streams
 * in: at most MAX_LISTING_PHOTOS files, each under 10 MB and an image by its first bytes. Any
 * broken rule refuses the whole submission and removes what was written; the photos wait in
 * temporary files, which `discard` removes once the request is done. Photos refused for their
 * size, type or number count against the member's listing allowance, as a listing would.
 */

type ListingSubmission = {
  ok: true;
  fields: Record<string, string | unknown>;
  photos: AcceptedMedia[];
  discard: () => Promise<void>;
};

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

/** Reads a create-listing request: multipart with photos, a plain form, or JSON without photos. */
export async function readListingSubmission(request: Request, sellerId: number): Promise<ListingSubmission | SubmissionRefusal> {
  const submission = await readSubmission(
    request,
    {
      maxFiles: MAX_LISTING_PHOTOS,
      maxFileBytes: MAX_MEDIA_BYTES,
      maxParts: MAX_PARTS,
      maxTextBytes: MAX_LISTING_TEXT_BYTES,
      maxTotalBytes: MAX_LISTING_SUBMISSION_BYTES,
      fileField: "photos",
      acceptsFileField: (name) => PHOTO_FIELD.test(name),
      acceptsType: (mimeType) => mimeType.startsWith("image/"),
      fieldsOf: (form) => {
        const fields: Record<string, string> = {};
        for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
        return fields;
      },
      textSchema: () => listingSchema,
      messages: {
        ...PHOTO_MESSAGES,
        wrongField: `Attach photos as photo_0 to photo_${MAX_LISTING_PHOTOS - 1}.`,
        unsupportedBody: "Send the listing as multipart/form-data or JSON.",
      },
    },
    sellerId,
  );
  if (!submission.ok) {
    if (submission.fileRefused) await takeExchangeAllowance("listing", sellerId);
    return submission;
  }
  return { ok: true, fields: submission.fields, photos: submission.files, discard: submission.discard };
}
