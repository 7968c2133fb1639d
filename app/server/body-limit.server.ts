import type { IncomingMessage } from "node:http";
import { MAX_SUBMISSION_BYTES } from "~/features/community/post-submission.server";
import { MAX_LISTING_SUBMISSION_BYTES } from "~/features/exchange/listing-submission.server";
import { MAX_IMAGE_SUBMISSION_BYTES } from "~/features/education/images.server";
import { MAX_CONTENT_FORM_BYTES, MAX_CONTENT_JSON_BYTES } from "~/features/education/schemas";
import { MAX_EVENT_SUBMISSION_BYTES } from "~/features/events/submission.server";
import { MAX_PAGE_FORM_BYTES, MAX_PAGE_JSON_BYTES, MAX_SITE_SUBMISSION_BYTES } from "~/features/site/vocabulary";

/**
 * Every request body has a limit, enforced while it streams in: a body over it is answered 413
 * and not read further. A declared Content-Length over it is refused before any byte is read.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Routes that take files, with the method and the most each may send: the post creation API and
 * the community page's Create Post form, a post's edit by the API and by its edit page; the listing
 * creation API and the marketplace's new listing form; a new event's photo, by the API and its form;
 * the site's logo with its settings, by the API and the admin's site page.
 */
const UPLOAD_ROUTES: [method: string, RegExp, number][] = [
  ["POST", /^\/api\/posts\/?$/, MAX_SUBMISSION_BYTES],
  ["POST", /^\/app\/community\/?$/, MAX_SUBMISSION_BYTES],
  ["PATCH", /^\/api\/posts\/\d+\/?$/, MAX_SUBMISSION_BYTES],
  ["POST", /^\/app\/community\/posts\/\d+\/edit\/?$/, MAX_SUBMISSION_BYTES],
  ["POST", /^\/api\/listings\/?$/, MAX_LISTING_SUBMISSION_BYTES],
  ["POST", /^\/app\/marketplace\/new\/?$/, MAX_LISTING_SUBMISSION_BYTES],
  ["POST", /^\/api\/admin\/education\/images\/?$/, MAX_IMAGE_SUBMISSION_BYTES],
  ["POST", /^\/app\/admin\/education\/images\/?$/, MAX_IMAGE_SUBMISSION_BYTES],
  ["POST", /^\/api\/events\/?$/, MAX_EVENT_SUBMISSION_BYTES],
  ["POST", /^\/app\/events\/new\/?$/, MAX_EVENT_SUBMISSION_BYTES],
  ["PUT", /^\/api\/admin\/site\/?$/, MAX_SITE_SUBMISSION_BYTES],
  ["POST", /^\/app\/admin\/site\/?$/, MAX_SITE_SUBMISSION_BYTES],
];

/**
 * Routes that take long text without files: the education hub's articles and lessons (Markdown of
 * up to 50,000 characters) and the site's own pages (terms, privacy…: up to 60,000), as JSON to the
 * admin API and as a form from the admin pages.
 */
const LONG_TEXT_ROUTES: [method: string, RegExp, number][] = [
  ["POST", /^\/api\/admin\/education\/(articles|courses|courses\/\d+\/lessons)\/?$/, MAX_CONTENT_JSON_BYTES],
  ["PATCH", /^\/api\/admin\/education\/(articles\/\d+|courses\/\d+|courses\/\d+\/lessons\/\d+)\/?$/, MAX_CONTENT_JSON_BYTES],
  ["POST", /^\/app\/admin\/education\/(articles|courses|courses\/\d+\/lessons)\/(new|\d+)\/?$/, MAX_CONTENT_FORM_BYTES],
  ["PUT", /^\/api\/admin\/pages\/[^/]+\/?$/, MAX_PAGE_JSON_BYTES],
  ["POST", /^\/app\/admin\/site\/?$/, MAX_PAGE_FORM_BYTES],
];

/**
 * The most bytes a request may send: files only come as multipart to the routes that take them,
 * long text only to the routes that take it.
 * `.data` is React Router's data request for a page.
 */
export function bodyLimitFor(method: string, pathname: string, contentType = ""): number {
  const route = pathname.replace(/\.data$/, "");
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    return LONG_TEXT_ROUTES.find(([verb, pattern]) => verb === method && pattern.test(route))?.[2] ?? MAX_BODY_BYTES;
  }
  return UPLOAD_ROUTES.find(([verb, pattern]) => verb === method && pattern.test(route))?.[2] ?? MAX_BODY_BYTES;
}

class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor() {
    super("The request body is too large.");
  }
}

/**
 * The request's body as a web stream that reads from the socket only as fast as the app consumes
 * it (the adapter React Router ships buffers the whole body however little of it is read) and
 * fails with BodyTooLargeError, calling `onTooLarge` once, when more than `limit` bytes arrive.
 * `discardRest` reads what the app left unread and drops it, so the connection can carry the
 * next request; past the limit it closes the connection instead.
 */
export function limitedRequestBody(req: IncomingMessage, limit: number, onTooLarge: () => void) {
  let received = 0;
  let finished = false;
  let discarding = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on("data", (chunk: Buffer) => {
          received += chunk.byteLength;
          if (discarding) {
            if (received > limit) req.socket.destroy();
            return;
          }
          if (finished) return;
          if (received > limit) {
            finished = true;
            req.pause();
            onTooLarge();
            controller.error(new BodyTooLargeError());
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on("end", () => {
          if (finished) return;
          finished = true;
          controller.close();
        });
        req.on("error", (error) => {
          if (finished) return;
          finished = true;
          controller.error(error);
        });
      },
      pull() {
        if (!finished) req.resume();
      },
      cancel() {
        finished = true;
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  function discardRest() {
    if (req.complete || discarding) return;
    discarding = true;
    finished = true;
    if (received > limit) req.socket.destroy();
    else req.resume();
  }
  return { stream, discardRest };
}
