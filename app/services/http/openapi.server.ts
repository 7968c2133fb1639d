import { z } from "~/lib/zod";
import { PATH_ID_PATTERN } from "~/lib/path-id";

/**
 * The OpenAPI 3.1 document of /api, built from the zod schemas the routes parse with and the
 * schemas of what they answer. Each feature lists its paths (app/features/api-document); this
 * module turns such a list into the document: requests from the schemas' input side (defaults make
 * a field optional), answers from their output side.
 */

/** Every failure of /api: apiError's shape (services/http/api.server.ts). */
export const apiErrorSchema = z
  .object({
    success: z.literal(false),
    message: z.string().describe("A sentence for a person."),
    errors: z.record(z.string(), z.string()).optional().describe("For invalid input: a message by field."),
  })
  .meta({ id: "Error" });

/** A success answer: `success: true` and the route's own fields (apiSuccess's shape). */
export function successAnswer<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ success: z.literal(true), ...shape });
}

/** `{page, limit, hasMore}` (some lists add `total`). */
export const paginationSchema = z.object({ page: z.number().int(), limit: z.number().int(), hasMore: z.boolean() });
export const countedPaginationSchema = paginationSchema.extend({ total: z.number().int() });

export type Access = "public" | "member" | "admin";

/** One method of a path: what it reads and what it answers. */
export type ApiOperation = {
  summary: string;
  access: Access;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart/form-data body (files besides fields); JSON is taken too when `body` is set. */
  multipart?: { fields: z.ZodType; files: string };
  /** Success answers by status: a JSON schema, or a download's media type and what it holds. */
  answers: Record<number, z.ZodType | { mediaType: string; description: string }>;
  /** The refusals this operation answers on its own (beyond those every call may meet), by status. */
  errors?: Record<number, string>;
};

export type ApiPath = {
  /** As in app/routes.ts, with `{name}` for each `:name`. */
  path: string;
  params?: Record<string, z.ZodType>;
  operations: Partial<Record<"get" | "post" | "put" | "patch" | "delete", ApiOperation>>;
};

/** A numeric id in a path: anything else names nothing (404). */
export const pathIdSchema = z.string().regex(PATH_ID_PATTERN);

const COMMON_ERRORS: Record<number, string> = {
  500: "Something failed on the server's side; the answer reveals nothing of it.",
  503: "The database was busy (nothing was saved) or storage is full; with Retry-After.",
};
const ACCESS_ERRORS: Record<Access, Record<number, string>> = {
  public: {},
  member: { 401: "No token, or one that opens no session.", 403: "Suspended, or a cross-site cookie call." },
  admin: {
    401: "No token, or one that opens no session.",
    403: "Not an admin, suspended, or a cross-site cookie call.",
  },
};
const BODY_ERRORS: Record<number, string> = {
  400: "Invalid input: `errors` names the fields.",
  413: "The body is too large.",
  415: "The body is not of a type taken here.",
};

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    reused: "inline",
    cycles: "ref",
  }) as JsonSchema;
  delete converted.$schema;
  // The error shape is one component, referred to by every failure.
  if (converted.id === "Error") delete converted.id;
  return converted;
}

function queryParameters(schema: z.ZodType) {
  const json = jsonSchemaOf(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema: property,
    ...(typeof property.description === "string" ? { description: property.description } : {}),
  }));
}

const errorRef = { $ref: "#/components/schemas/Error" };
const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: errorRef } } });

function operationObject(operation: ApiOperation, params: ApiPath["params"]) {
  const parameters = [
    ...Object.entries(params ?? {}).map(([name, schema]) => ({
      name,
      in: "path",
      required: true,
      schema: jsonSchemaOf(schema, "input"),
    })),
    ...(operation.query ? queryParameters(operation.query) : []),
  ];
  const content: Record<string, { schema: JsonSchema }> = {};
  if (operation.body) content["application/json"] = { schema: jsonSchemaOf(operation.body, "input") };
  if (operation.multipart) {
    content["multipart/form-data"] = {
      schema: { ...jsonSchemaOf(operation.multipart.fields, "input"), description: operation.multipart.files },
    };
  }
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(operation.answers)) {
    responses[status] =
      answer instanceof z.ZodType
        ? { description: "Success.", content: { "application/json": { schema: jsonSchemaOf(answer, "output") } } }
        : { description: answer.description, content: { [answer.mediaType]: {} } };
  }
  const hasInput = Boolean(operation.body || operation.multipart);
  const errors = {
    ...(operation.query ? { 400: "A query parameter is not valid: `errors` names it." } : {}),
    ...(params ? { 404: "The path names nothing the caller may see." } : {}),
    ...(hasInput ? BODY_ERRORS : {}),
    ...ACCESS_ERRORS[operation.access],
    ...COMMON_ERRORS,
    ...operation.errors,
  };
  for (const [status, description] of Object.entries(errors)) responses[status] = errorAnswer(description);
  responses.default = errorAnswer("Any other failure (405 for a method not listed, 429 rate limited with Retry-After).");
  return {
    summary: operation.summary,
    ...(operation.access === "public" ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(hasInput ? { requestBody: { required: true, content } } : {}),
    responses,
  };
}

/** The whole document for the given paths. */
export function buildOpenApiDocument(paths: ApiPath[], info: { title: string; version: string; description: string }) {
  return {
    openapi: "3.1.0",
    info,
    servers: [{ url: "/" }],
    security: [{ bearer: [] }, { cookie: [] }],
    paths: Object.fromEntries(
      paths.map((entry) => [
        entry.path,
        Object.fromEntries(
          Object.entries(entry.operations).map(([method, operation]) => [method, operationObject(operation, entry.params)]),
        ),
      ]),
    ),
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        cookie: {
          type: "apiKey",
          in: "cookie",
          name: "session",
          description: "The pages' httpOnly cookie; same-origin only for unsafe methods.",
        },
      },
      schemas: { Error: jsonSchemaOf(apiErrorSchema, "output") },
    },
  };
}
