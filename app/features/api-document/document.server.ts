import { buildOpenApiDocument, type ApiPath } from "~/services/http/openapi.server";
import { accountPaths } from "./account";
import { badgePaths } from "./badges";
import { communityPaths } from "./community";
import { enquiryPaths } from "./enquiries";
import { educationPaths } from "./education";
import { eventPaths } from "./events";
import { savedSearchPaths } from "./saved-searches";
import { exchangePaths } from "./exchange";
import { impactPaths } from "./impact";
import { eventResultPaths } from "./event-results";
import { lotPaths } from "./lots";
import { moderationPaths } from "./moderation";
import { notificationPaths } from "./notifications";
import { organisationPaths } from "./organisation";
import { transferNotePaths } from "./transfer-notes";
import { wasteCodePaths } from "./waste-codes";
import { searchPaths } from "./search";
import { eventCalendarPaths } from "./event-calendars";
import { sitePaths } from "./site";
import { transferNoteCorrectionPaths } from "./transfer-note-corrections";

/** This document's own path. */
const documentPath: ApiPath = {
  path: "/api/openapi.json",
  operations: {
    get: {
      summary: "This document: OpenAPI 3.1, built from the schemas the routes parse and answer with.",
      access: "public",
      answers: { 200: { mediaType: "application/json", description: "The OpenAPI document." } },
    },
  },
};

/** Every path of /api, one entry per route of app/routes.ts (tests/unit/api-document.test.ts holds them to it). */
export const API_PATHS: ApiPath[] = [
  documentPath,
  ...accountPaths,
  ...organisationPaths,
  ...communityPaths,
  ...exchangePaths,
  ...enquiryPaths,
  ...savedSearchPaths,
  ...impactPaths,
  ...eventPaths,
  ...notificationPaths,
  ...moderationPaths,
  ...wasteCodePaths,
  ...transferNoteCorrectionPaths,
  ...transferNotePaths,
  ...lotPaths,
  ...eventResultPaths,
  ...badgePaths,
  ...searchPaths,
  ...eventCalendarPaths,
  ...educationPaths,
  ...sitePaths,
];

export function apiDocument() {
  return buildOpenApiDocument(API_PATHS, {
    title: "Circular Hub API",
    version: "1",
    description:
      "JSON under /api. Authenticate with `Authorization: Bearer <token>` from /api/auth/login or /api/auth/register. " +
      "Every answer has `success`; a failure carries `message` and, for invalid input, `errors` by field. " +
      "The guide (auth, errors, limits, pagination, examples) is docs/api.md.",
  });
}

let served: string | undefined;

/** The document as sent: built on the first request and kept for the life of the process (it cannot change without a restart). */
export function apiDocumentText() {
  served ??= JSON.stringify(apiDocument());
  return served;
}
