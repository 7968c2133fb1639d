import type { Writable } from "node:stream";

/**
 * Characters gathered before they are encoded. React writes a page as thousands of small strings;
 * joined into one, the whole had to be flattened and then encoded at once (the largest single
 * cost of sending the marketplace's page in its profile); encoded a few thousand characters at a
 * time, the same bytes cost about half (8 to 16 thousand measured best).
 */
const BATCH_CHARACTERS = 8_192;

/**
 * Where React's renderer (the build whose chunks are strings, react-dom/server.bun) writes a page:
 * its chunks gathered and encoded as UTF-8 a batch at a time, the document's bytes handed over
 * once React ends it. The page is whole before it is sent (onAllReady), so a stream between React
 * and the edge only cost each small chunk a copy into a byte buffer and the whole a web stream to
 * pass through (docs/decisions/058).
 */
export function documentBody(done: (body: Buffer<ArrayBuffer>) => void, failed: (error: unknown) => void): Writable {
  const batches: Buffer[] = [];
  let pending = "";
  const destination = {
    write(chunk: string) {
      pending += chunk;
      if (pending.length >= BATCH_CHARACTERS) {
        batches.push(Buffer.from(pending, "utf8"));
        pending = "";
      }
      return true;
    },
    end() {
      if (pending) batches.push(Buffer.from(pending, "utf8"));
      pending = "";
      done(Buffer.concat(batches));
    },
    destroy(error: unknown) {
      failed(error);
    },
    // React listens for "drain", "error" and "close": none of them happens to bytes in memory.
    on() {
      return destination;
    },
  };
  return destination as unknown as Writable;
}
