import { inject } from "vitest";
import { z } from "zod";
import type { apiDocument } from "~/features/api-document/document.server";

/**
 * Holds every JSON answer of /api that a test receives to the OpenAPI document's schema for its
 * method, path and status (tests/support/server.ts's `api` calls this), so each integration test
 * checks the document too. An answer the document does not describe fails the test.
 */

type Operation = { responses: Record<string, { content?: Record<string, { schema?: object }> }> };
type Document = ReturnType<typeof apiDocument> & { paths: Record<string, Record<string, Operation>> };

let document: Document | undefined;
let routes: { pattern: RegExp; path: string }[] = [];
const compiled = new Map<string, z.ZodType>();

function load() {
  if (document) return document;
  // Built once for the run by tests/support/api-document-setup.ts.
  document = JSON.parse(inject("apiDocument")) as Document;
  // Fixed paths before those with parameters: /api/feed/search is not a feed named "search".
  routes = Object.keys(document.paths)
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))
    .map((path) => ({ path, pattern: new RegExp("^" + path.replace(/\{[a-z_]+\}/g, "[^/]+").replace(/\./g, "\\.") + "$") }));
  return document;
}

function schemaFor(key: string, json: object) {
  let schema = compiled.get(key);
  if (!schema) {
    const resolved = "$ref" in json ? load().components.schemas.Error : json;
    schema = z.fromJSONSchema(resolved as Parameters<typeof z.fromJSONSchema>[0]);
    compiled.set(key, schema);
  }
  return schema;
}

export function checkAgainstApiDocument(method: string, url: string, status: number, contentType: string | null, json: unknown) {
  const pathname = new URL(url, "http://test").pathname;
  if (!pathname.startsWith("/api/") || json === undefined || !/application\/json/.test(contentType ?? "")) return;
  const paths = load().paths;
  const route = routes.find(({ pattern }) => pattern.test(pathname));
  const operation = route ? paths[route.path]![method.toLowerCase()] : undefined;
  const where = `${method} ${pathname} answered ${status}`;
  const answer =
    operation?.responses[String(status)] ??
    (status >= 400 ? { content: { "application/json": { schema: { $ref: "Error" } } } } : undefined);
  if (!answer) throw new Error(`${where}, which the API document does not describe (app/features/api-document).`);
  const schema = answer.content?.["application/json"]?.schema;
  if (!schema) return; // A download the document names by its media type only.
  const key = operation?.responses[String(status)] ? `${method} ${route!.path} ${status}` : "error";
  const result = schemaFor(key, schema).safeParse(json);
  if (!result.success) {
    throw new Error(
      `${where} with a body the API document does not describe:\n${z.prettifyError(result.error)}\n${JSON.stringify(json).slice(0, 2000)}`,
    );
  }
}
