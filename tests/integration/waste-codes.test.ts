import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WASTE_CODES_ATTRIBUTION } from "~/features/waste-codes/attribution";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/** The List of Waste as a client reads it from the API and a member (without JavaScript) from its page. */

let server: TestServer;
let member: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  server = await startServer();
  member = await registerMember(server);
});

afterAll(async () => {
  await server?.stop();
});

async function page(pathname: string) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
  });
  // React marks where one text ends and the next begins; a reader sees neither.
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

describe("GET /api/waste/codes", () => {
  it("answers anyone with the codes, leading zeros kept, 25 a page with the total", async () => {
    const first = await api(server, "/api/waste/codes");
    expect(first.status).toBe(200);
    expect(first.json.data.pagination).toEqual({ page: 1, limit: 25, hasMore: true, total: 842 });
    expect(first.json.data.codes).toHaveLength(25);
    expect(first.json.data.codes[0]).toEqual({
      code: "010101",
      display_code: "01 01 01",
      description: "wastes from mineral metalliferous excavation",
      hazardous: false,
      mirror: false,
      chapter: "01",
      chapter_title: "Wastes resulting from exploration, mining, quarrying, and physical and chemical treatment of minerals",
    });
    const last = await api(server, "/api/waste/codes?page=34");
    expect(last.json.data.pagination).toEqual({ page: 34, limit: 25, hasMore: false, total: 842 });
    expect(last.json.data.codes.at(-1).code).toBe("200399");
    expect((await api(server, "/api/waste/codes?page=99")).json.data.codes).toEqual([]);
  });

  it("searches by words or a code prefix with spaces, filtered by hazardous", async () => {
    const soil = await api(server, `/api/waste/codes?${new URLSearchParams({ search: "Soil stones", hazardous: "false" })}`);
    expect(soil.json.data.codes.map((code: { code: string }) => code.code)).toEqual(["170504", "170506", "170508", "200202"]);
    const prefix = await api(server, `/api/waste/codes?${new URLSearchParams({ search: "17 05 03*" })}`);
    expect(prefix.json.data.codes).toEqual([expect.objectContaining({ code: "170503", hazardous: true, mirror: true })]);
    const starred = await api(server, "/api/waste/codes?hazardous=true");
    expect(starred.json.data.pagination.total).toBe(408);
  });

  it("refuses a bad value with a 400 naming the field", async () => {
    const hazardous = await api(server, "/api/waste/codes?hazardous=maybe");
    expect(hazardous.status).toBe(400);
    expect(hazardous.json).toMatchObject({ success: false, errors: { hazardous: "hazardous must be true or false" } });
    const page = await api(server, "/api/waste/codes?page=-2");
    expect(page.status).toBe(400);
    expect(page.json.errors).toEqual({ page: "page must be a whole number from 1" });
    const long = await api(server, `/api/waste/codes?search=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.json.errors).toEqual({ search: "search must be at most 200 characters" });
  });
});

describe("/app/waste-codes", () => {
  it("shows members the codes a search finds, with the licences' attribution", async () => {
    const { status, html } = await page(`/app/waste-codes?${new URLSearchParams({ search: "0103", hazardous: "true" })}`);
    expect(status).toBe(200);
    expect(html).toContain("01 03 04*");
    expect(html).toContain("acid-generating tailings from processing of sulphide ore");
    expect(html).not.toContain("01 03 06");
    expect(html).toContain("4 codes found");
    for (const line of WASTE_CODES_ATTRIBUTION) expect(html).toContain(line);
  });

  it("sends a visitor who is not signed in to sign in", async () => {
    const response = await fetch(server.url + "/app/waste-codes", { redirect: "manual" });
    expect(response.status).toBe(302);
  });
});
