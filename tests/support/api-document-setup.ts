import type { TestProject } from "vitest/node";
import { apiDocumentText } from "~/features/api-document/document.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The OpenAPI document's text, as GET /api/openapi.json serves it. */
    apiDocument: string;
  }
}

/**
 * Builds the API document once for the whole run and hands its text to every test file
 * (tests/support/api-document.ts reads it with inject). Built in each file instead, every
 * integration and browser file evaluated the app's route schemas before its first test: about a
 * second of a worker's CPU per file.
 */
export default function provideApiDocument(project: TestProject) {
  project.provide("apiDocument", apiDocumentText());
}
