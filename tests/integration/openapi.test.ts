import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDocument } from "~/features/api-document/document.server";
import { api, startServer, type TestServer } from "../support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

describe("GET /api/openapi.json", () => {
  it("serves the OpenAPI 3.1 document to anyone, cacheable, the same on every call", async () => {
    const first = await api(server, "/api/openapi.json");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^application\/json/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(first.json.openapi).toBe("3.1.0");
    expect(first.json).toEqual(JSON.parse(JSON.stringify(apiDocument())));
    const second = await api(server, "/api/openapi.json");
    expect(second.text).toBe(first.text);
  });

  it("describes a route's request from the schema it parses with", async () => {
    const { json } = await api(server, "/api/openapi.json");
    const login = json.paths["/api/auth/login"].post;
    expect(login.security).toEqual([]);
    expect(login.requestBody.content["application/json"].schema.required).toEqual(expect.arrayContaining(["email", "password"]));
    expect(login.responses["429"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    const listing = json.paths["/api/listings/{id}"];
    expect(listing.patch.parameters[0]).toMatchObject({ name: "id", in: "path", required: true });
    expect(Object.keys(json.paths["/api/listings"].get.parameters.map((p: { name: string }) => p.name))).not.toHaveLength(0);
  });

  it("answers other methods with the error shape", async () => {
    const refused = await api(server, "/api/openapi.json", { method: "POST", body: {} });
    expect(refused.status).toBe(405);
    expect(refused.json).toMatchObject({ success: false });
  });
});
