import { PassThrough } from "node:stream";
import { createElement as h, lazy, Suspense, type ReactNode } from "react";
import { renderToPipeableStream as renderToNodeStream } from "react-dom/server";
import { renderToPipeableStream as renderToStrings } from "react-dom/server.bun";
import { describe, expect, it } from "vitest";
import { documentBody } from "./document-body.server";

/** A page as the app's are: a document, attributes to escape, text, and a part that loads later (a lazy dialog). */
function page(): ReactNode {
  const Later = lazy(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { default: ({ title }: { title: string }) => h("dialog", { open: true }, title) };
  });
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("title", null, "Crates & pallets")),
    h(
      "body",
      null,
      h("a", { href: '/app/marketplace?q=a&b="c"', className: "text-sm" }, "Marketplace “lent” <3"),
      // Longer than several of documentBody's batches, non-ASCII words on either side of each cut.
      h(
        "ul",
        null,
        Array.from({ length: 1_500 }, (_, index) => h("li", { key: index }, ["één", "二", "🙂"][index % 3], " ", index)),
      ),
      h(Suspense, { fallback: h("p", null, "Loading…") }, h(Later, { title: "Offer sent" })),
    ),
  );
}

/** The document React's Node build writes, whole (as the app waited for it), read back from its stream. */
function withNodeStream(): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToNodeStream(page(), {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        const body = new PassThrough();
        const chunks: Buffer[] = [];
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

function withDocumentBody(): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToStrings(page(), {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        pipe(documentBody((body) => resolve(body.toString("utf8")), reject));
      },
      onShellError: reject,
    });
  });
}

describe("a page written as one body", () => {
  it("is the very document React's Node build streams, waited-for parts included", async () => {
    const [streamed, text] = await Promise.all([withNodeStream(), withDocumentBody()]);
    expect(text).toContain('<dialog open="">Offer sent</dialog>');
    expect(text).not.toContain("Loading…");
    expect(text).toContain("Marketplace “lent” &lt;3");
    expect(text).toContain("<li>🙂<!-- --> <!-- -->1499</li>");
    expect(text.length).toBeGreaterThan(4 * 8_192);
    expect(text).toBe(streamed);
  });
});
