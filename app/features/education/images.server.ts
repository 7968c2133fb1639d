import { readSubmission, type SubmissionRefusal } from "~/services/http/submission.server";
import { transaction } from "~/services/database/db.server";
import { mediaUrl, moveMediaIntoPlace, nameMedia, removeMedia } from "~/services/media.server";
import { MAX_MEDIA_BYTES } from "~/vocabulary/media";
import { insertImage, listImages } from "./store/content.server";

/**
 * Images for articles and lessons: an admin uploads one (multipart, field `image`), with the
 * checks a listing's photos have (under 10 MB, an image by its first bytes, read as it streams
 * in), and gets the /media/ address and the Markdown that shows it.
 */

export const IMAGE_MESSAGES = {
  notAllowed: "Only images (JPEG, PNG, GIF, WebP, AVIF) can be uploaded.",
  tooLarge: "The image must be under 10MB.",
  tooMany: "Upload one image at a time.",
  wrongField: "Send the image as the field image.",
  unsupportedBody: "Send the image as multipart/form-data.",
};

/** One image and the multipart's framing: the most an upload may send. */
export const MAX_IMAGE_SUBMISSION_BYTES = MAX_MEDIA_BYTES + 16 * 1024;

export type UploadedImage = { url: string; markdown: string };

const imageView = (fileName: string): UploadedImage => ({ url: mediaUrl(fileName), markdown: `![](${mediaUrl(fileName)})` });

export async function uploadImage(
  request: Request,
  adminId: number,
): Promise<{ ok: true; image: UploadedImage } | SubmissionRefusal> {
  const submission = await readSubmission(
    request,
    {
      maxFiles: 1,
      maxFileBytes: MAX_MEDIA_BYTES,
      maxParts: 8,
      maxTextBytes: 4 * 1024,
      maxTotalBytes: MAX_IMAGE_SUBMISSION_BYTES,
      fileField: "image",
      acceptsFileField: (name) => name === "image",
      acceptsType: (mimeType) => mimeType.startsWith("image/"),
      fieldsOf: () => ({}),
      messages: IMAGE_MESSAGES,
    },
    adminId,
  );
  if (!submission.ok) return submission;
  try {
    const [file] = submission.files;
    if (!file)
      return {
        ok: false,
        reason: "invalid",
        message: "Choose an image to upload.",
        errors: { image: "Choose an image to upload." },
      };
    const [stored] = nameMedia([file]);
    try {
      await transaction(async (db) => {
        await insertImage(db, stored!);
        moveMediaIntoPlace([file], [stored!]);
      });
    } catch (error) {
      await removeMedia([stored!]);
      throw error;
    }
    return { ok: true, image: imageView(stored!.fileName) };
  } finally {
    await submission.discard();
  }
}

/** The images uploaded so far, newest first. */
export async function uploadedImages() {
  return (await listImages()).map((row) => ({ ...imageView(row.fileName), uploadedAt: row.createdAt.toISOString() }));
}
