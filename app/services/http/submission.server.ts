import { logError } from "../log.server";
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import type { z } from "zod";
import { fieldErrors } from "~/lib/forms";
import {
  acceptMedia,
  discardUploads,
  receiveFile,
  recognizeMediaFile,
  type AcceptedMedia,
  type IncomingFile,
} from "../media.server";
import { BusyError } from "./busy";
import { MultipartError, multipartBoundary, readMultipart } from "./multipart.server";
import { holdUploadSlot, UPLOAD_SLOT_RETRY_AFTER_SECONDS, UPLOADS_AT_ONCE } from "../rate-limit.server";

/**
 * Reading a submission that may carry files (a new post, a new listing): multipart with files, a
 * plain form, or JSON without them. Every limit is applied while the request streams in: the
 * number of files and parts, each file's size (under maxFileBytes), the whole body, the text.
 * Files go to temporary files as they arrive, never whole into memory, and each is recognised by
 * its bytes once written, not by its name or declared type. The text fields a form sends before
 * its files are checked before any file is read. Any broken rule refuses the whole submission and
 * removes what was written; an accepted one's files wait in their temporary files until the caller
 * moves them into place (media.server) and then calls `discard`, which removes whatever is left
 * (with a bucket, files are put there as each is accepted, and `discard` removes those unused).
 * A member reads at most UPLOADS_AT_ONCE multipart submissions at once.
 */

export type SubmissionRefusal = {
  ok: false;
  reason: "invalid" | "too-large" | "unsupported-media" | "rate-limited" | "busy";
  message: string;
  errors: Record<string, string>;
  retryAfterSeconds?: number;
  /** A file was refused for its size, type or number: it counts against the member's allowance. */
  fileRefused?: boolean;
  /** The text fields read before a refusal of them, so a page can show its form again as sent. */
  fields?: Record<string, unknown>;
};

export type Submission = { ok: true; fields: Record<string, unknown>; files: AcceptedMedia[]; discard: () => Promise<void> };

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
  /** What the text fields must be: those sent before the first file are checked before it is read. */
  textSchema?: (fields: Record<string, unknown>) => z.ZodType | null;
  messages: { tooLarge: string; notAllowed: string; tooMany: string; wrongField: string; unsupportedBody: string };
};

class Refused extends Error {
  constructor(readonly refusal: SubmissionRefusal) {
    super(refusal.message);
  }
}

const refuse = (reason: SubmissionRefusal["reason"], message: string, field: string, fileRefused = false): SubmissionRefusal => ({
  ok: false,
  reason,
  message,
  errors: { [field]: message },
  ...(fileRefused ? { fileRefused } : {}),
});

const nothingToDiscard = async () => {};

/** `uploaderId`: the member sending it, whose uploads at once are counted. */
export async function readSubmission(
  request: Request,
  rules: SubmissionRules,
  uploaderId: number,
): Promise<Submission | SubmissionRefusal> {
  const { messages, fileField } = rules;
  const type = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > rules.maxTotalBytes) return refuse("too-large", messages.tooLarge, fileField, true);

  if (/^application\/json\b/i.test(type)) return readJsonBody(request, declared, rules.maxTextBytes);
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) return readPlainForm(request, rules);
  if (!/^multipart\/form-data\b/i.test(type)) return refuse("unsupported-media", messages.unsupportedBody, "form");

  const slot = await holdUploadSlot(uploaderId);
  if (!slot) {
    const message = `You can send ${UPLOADS_AT_ONCE} uploads at a time. Please wait for the others to finish.`;
    return { ...refuse("rate-limited", message, "form"), retryAfterSeconds: UPLOAD_SLOT_RETRY_AFTER_SECONDS };
  }
  try {
    return await readMultipartSubmission(request, rules);
  } finally {
    // A slot that cannot be given back (the database locked or full) frees itself when its
    // window ends; failing here would lose the submission and its temporary files.
    try {
      await slot.release();
    } catch (error) {
      logError("Uploads: an upload's place could not be given back", error);
    }
  }
}

async function readMultipartSubmission(request: Request, rules: SubmissionRules): Promise<Submission | SubmissionRefusal> {
  const { messages, fileField } = rules;
  const boundary = multipartBoundary(request.headers.get("content-type") ?? "");
  if (!boundary || !request.body) return refuse("invalid", "The form data could not be read.", "form");

  const form = new FormData();
  const files: IncomingFile[] = [];
  const accepted: AcceptedMedia[] = [];
  let textBytes = 0;
  let totalBytes = 0;
  let textChecked = false;
  // The part being read: a text field's chunks, a file (null until its first byte), or nothing.
  let text: { name: string; chunks: Buffer[] } | null = null;
  let file: { name: string; incoming: IncomingFile | null } | null = null;
  let done = false;
  try {
    for await (const event of readMultipart(request.body, boundary, { maxParts: rules.maxParts, maxHeaderBytes: 8 * 1024 })) {
      if (event.type === "part") {
        if (event.fileName === null) text = { name: event.name, chunks: [] };
        else {
          if (!textChecked) {
            textChecked = true;
            const early = refusalOfSentText(rules, form);
            if (early) return early;
          }
          file = { name: event.name, incoming: null };
        }
      } else if (event.type === "data") {
        totalBytes += event.bytes.byteLength;
        if (totalBytes > rules.maxTotalBytes) throw new Refused(refuse("too-large", messages.tooLarge, fileField, true));
        if (text) {
          textBytes += event.bytes.byteLength;
          if (textBytes > rules.maxTextBytes) throw new Refused(refuse("too-large", "The form's text is too long.", "form"));
          text.chunks.push(Buffer.from(event.bytes));
        } else if (file) {
          if (!file.incoming) {
            // An empty file input still sends a part with no name and no bytes: only parts with bytes count.
            if (!rules.acceptsFileField(file.name)) throw new Refused(refuse("invalid", messages.wrongField, fileField));
            if (files.length >= rules.maxFiles) throw new Refused(refuse("invalid", messages.tooMany, fileField, true));
            file.incoming = await receiveFile();
            files.push(file.incoming);
          }
          if (file.incoming.size + event.bytes.byteLength > rules.maxFileBytes) {
            throw new Refused(refuse("too-large", messages.tooLarge, fileField, true));
          }
          await file.incoming.write(event.bytes);
        }
      } else {
        if (text) form.append(text.name, Buffer.concat(text.chunks).toString("utf8"));
        if (file?.incoming) {
          await file.incoming.close();
          const mimeType = await recognizeMediaFile(file.incoming.tempPath);
          if (!mimeType || !rules.acceptsType(mimeType)) {
            throw new Refused(refuse("unsupported-media", messages.notAllowed, fileField, true));
          }
          accepted.push(await acceptMedia(file.incoming.tempPath, mimeType, file.incoming.size));
        }
        text = null;
        file = null;
      }
    }
    // A form without files: its text is checked as a whole by the caller.
    done = true;
    return { ok: true, fields: rules.fieldsOf(form), files: accepted, discard: () => discardUploads(files, accepted) };
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    // The bucket of MEDIA_STORE did not take an accepted file (logged): a 503 to try again, not a 500.
    if (error instanceof BusyError)
      return { ...refuse("busy", error.message, fileField), retryAfterSeconds: error.retryAfterSeconds };
    if (error instanceof MultipartError) {
      if (error.kind === "malformed") return refuse("invalid", "The form data could not be read.", "form");
      return refuse("invalid", "The form has too many or too large fields.", "form");
    }
    // A body the edge cut off (over its limit) or a client that hung up; a full disk goes on to be answered 507.
    if ((error as { name?: string } | null)?.name === "BodyTooLargeError")
      return refuse("too-large", messages.tooLarge, fileField, true);
    if (request.signal.aborted) return refuse("invalid", "The form data could not be read.", "form");
    throw error;
  } finally {
    if (!done) await discardUploads(files, accepted);
  }
}

/**
 * The text fields sent so far, checked before the first file is read: a field that is there and
 * wrong refuses the submission now (one left out may still come after the files), with every
 * message the fields have, as a refusal after reading them all would have.
 */
function refusalOfSentText(rules: SubmissionRules, form: FormData): SubmissionRefusal | null {
  const fields = rules.fieldsOf(form);
  const schema = rules.textSchema?.(fields);
  if (!schema) return null;
  const result = schema.safeParse(fields);
  if (result.success) return null;
  const sent = new Set(Object.keys(fields));
  if (!result.error.issues.some((issue) => sent.has(String(issue.path[0])))) return null;
  const errors = fieldErrors(result.error);
  return { ok: false, reason: "invalid", message: Object.values(errors)[0], errors, fields };
}

/** A form without files (application/x-www-form-urlencoded), read within the same limits. */
async function readPlainForm(request: Request, rules: SubmissionRules): Promise<Submission | SubmissionRefusal> {
  let formData: FormData;
  try {
    formData = await parseFormData(request, { maxParts: rules.maxParts, maxTotalSize: rules.maxTextBytes });
  } catch (error) {
    if (error instanceof MaxTotalSizeExceededError) return refuse("too-large", "The form's text is too long.", "form");
    if (
      error instanceof MaxPartsExceededError ||
      error instanceof MaxHeaderSizeExceededError ||
      error instanceof MaxFilesExceededError ||
      error instanceof MaxFileSizeExceededError
    ) {
      return refuse("invalid", "The form has too many or too large fields.", "form");
    }
    if (error instanceof FormDataParseError) return refuse("invalid", "The form data could not be read.", "form");
    throw error;
  }
  return { ok: true, fields: rules.fieldsOf(formData), files: [], discard: nothingToDiscard };
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
    return { ok: true, fields: body as Record<string, unknown>, files: [], discard: nothingToDiscard };
  } catch {
    return refuse("invalid", "The request body is not valid JSON.", "form");
  }
}
