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
import { recognizeMedia, type AcceptedMedia } from "./media.server";

/**
 * Reading a submission that may carry files (a new post, a new listing): multipart with files, a
 * plain form, or JSON without them. Every limit is applied while the request streams in: the
 * number of files and parts, each file's size (under MAX_FILE_BYTES), the whole body, the text;
 * each file is recognised by its first bytes, not by its name or declared type. Any broken rule
 * refuses the whole submission before anything is written; accepted files wait in memory for the
 * caller to store them (media.server's storeMedia).
 */

export type SubmissionRefusal = {
  ok: false;
  reason: "invalid" | "too-large" | "unsupported-media";
  message: string;
  errors: Record<string, string>;
};

export type Submission = { ok: true; fields: Record<string, unknown>; files: AcceptedMedia[] };

export type SubmissionRules = {
  maxFiles: number;
  maxFileBytes: number;
  maxParts: number;
  maxTextBytes: number;
  maxTotalBytes: number;
  /** The field a refusal of the files is reported under ("media", "photos"). */
  fileField: string;
  /** Whether a part of this name may carry a file; any other name refuses the submission. */
  acceptsFileField: (name: string) => boolean;
  /** Whether a recognised type is welcome (images only, or images and videos). */
  acceptsType: (mimeType: string) => boolean;
  /** The form's text fields as the caller reads them. */
  fieldsOf: (form: FormData) => Record<string, unknown>;
  messages: { tooLarge: string; notAllowed: string; tooMany: string; wrongField: string; unsupportedBody: string };
};

class FileRefused extends Error {
  constructor(readonly refusal: SubmissionRefusal) {
    super(refusal.message);
  }
}

const refuse = (reason: SubmissionRefusal["reason"], message: string, field: string): SubmissionRefusal => ({
  ok: false,
  reason,
  message,
  errors: { [field]: message },
});

export async function readSubmission(request: Request, rules: SubmissionRules): Promise<Submission | SubmissionRefusal> {
  const { messages, fileField } = rules;
  const type = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > rules.maxTotalBytes) return refuse("too-large", messages.tooLarge, fileField);

  if (/^application\/json\b/i.test(type)) return readJsonBody(request, declared, rules.maxTextBytes);
  if (!/^multipart\/form-data\b/i.test(type) && !/^application\/x-www-form-urlencoded\b/i.test(type)) {
    return refuse("unsupported-media", messages.unsupportedBody, "form");
  }

  const files: AcceptedMedia[] = [];
  let formData: FormData;
  try {
    formData = await parseFormData(
      request,
      {
        maxFiles: rules.maxFiles,
        maxFileSize: rules.maxFileBytes,
        maxParts: rules.maxParts,
        maxHeaderSize: 8 * 1024,
        maxTotalSize: rules.maxTotalBytes,
      },
      async (file: FileUpload) => {
        // An empty file input still sends a part with no name and no bytes.
        if (file.size === 0) return null;
        if (!rules.acceptsFileField(file.fieldName)) throw new FileRefused(refuse("invalid", messages.wrongField, fileField));
        const bytes = new Uint8Array(await file.arrayBuffer());
        const mimeType = await recognizeMedia(bytes);
        if (!mimeType || !rules.acceptsType(mimeType)) {
          throw new FileRefused(refuse("unsupported-media", messages.notAllowed, fileField));
        }
        files.push({ bytes, mimeType });
        return null;
      },
    );
  } catch (error) {
    if (error instanceof FileRefused) return error.refusal;
    if (error instanceof MaxFilesExceededError) return refuse("invalid", messages.tooMany, fileField);
    if (error instanceof MaxFileSizeExceededError) return refuse("too-large", messages.tooLarge, fileField);
    if (error instanceof MaxTotalSizeExceededError) return refuse("too-large", messages.tooLarge, fileField);
    if (error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError) {
      return refuse("invalid", "The form has too many or too large fields.", "form");
    }
    if (error instanceof FormDataParseError) return refuse("invalid", "The form data could not be read.", "form");
    throw error;
  }

  let textBytes = 0;
  for (const [, value] of formData) if (typeof value === "string") textBytes += value.length;
  if (textBytes > rules.maxTextBytes) return refuse("too-large", "The form's text is too long.", "form");
  return { ok: true, fields: rules.fieldsOf(formData), files };
}

/** A JSON object, no larger than the text allowed; files cannot come this way. */
async function readJsonBody(request: Request, declared: number, maxTextBytes: number): Promise<Submission | SubmissionRefusal> {
  const tooLarge = refuse("too-large", "The request body is too large.", "form");
  if (declared > maxTextBytes) return tooLarge;
  let text: string;
  try {
    text = await request.text();
  } catch {
    // A body the edge cut off (over its limit) or a client that hung up.
    return tooLarge;
  }
  if (text.length > maxTextBytes) return tooLarge;
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return refuse("invalid", "The request body must be a JSON object.", "form");
    }
    return { ok: true, fields: body as Record<string, unknown>, files: [] };
  } catch {
    return refuse("invalid", "The request body is not valid JSON.", "form");
  }
}
