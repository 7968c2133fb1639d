import type { Writable } from "node:stream";

/**
 * Where React writes a page: its chunks, strings in this build of the renderer, joined into the
 * document's text, handed over once React ends it. The page is whole before it is sent (onAllReady),
 * so a stream between React and the edge only cost each small chunk a copy into a byte buffer and
 * the whole a web stream to pass through (docs/decisions/058).
 */
export function documentText(done: (html: string) => void, failed: (error: unknown) => void): Writable {
  let html = "";
  const destination = {
    write(chunk: string) {
      html += chunk;
      return true;
    },
    end() {
      done(html);
    },
    destroy(error: unknown) {
      failed(error);
    },
    // React listens for "drain", "error" and "close": none of them happens to a string.
    on() {
      return destination;
    },
  };
  return destination as unknown as Writable;
}
