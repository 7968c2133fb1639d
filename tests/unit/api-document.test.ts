import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiDocument } from "~/features/api-document/document.server";
import routes from "~/routes";

/** Every path app/routes.ts maps, nesting joined. */
function routedPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [...(entry.path ? [path] : []), ...routedPaths(entry.children ?? [], path)];
  });
}

/** The /api routes, as OpenAPI paths (`:id` → `{id}`); the catch-all is no route of its own. */
function routedApiPaths() {
  return routedPaths(routes)
    .filter((path) => path.startsWith("/api/") && path !== "/api/*")
    .map((path) => path.replace(/:([a-z_]+)/g, "{$1}"));
}

describe("the API document", () => {
  const document = apiDocument();

  it("describes every /api route of app/routes.ts, and nothing else", () => {
    const routed = routedApiPaths();
    expect(routed.length).toBeGreaterThan(50);
    expect(Object.keys(document.paths).sort()).toEqual([...routed].sort());
  });

  it("gives every operation an answer, and every failure the error shape", () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations as Record<string, any>)) {
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => status.startsWith("2")),
          `${method} ${path}`,
        ).toBe(true);
        expect(operation.responses.default.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
  });

  it("turns each answer's schema back into one that reads an answer", () => {
    const schema = (document.paths["/api/auth/login"] as any).post.responses["200"].content["application/json"].schema;
    const answer = z.fromJSONSchema(schema);
    const user = { id: 1, username: "ana", email: "ana@example.com", user_type: "user" };
    expect(answer.safeParse({ success: true, token: "t", user }).success).toBe(true);
    expect(answer.safeParse({ success: true, user }).success).toBe(false);
  });
});
