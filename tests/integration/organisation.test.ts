import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * A member's business identity: the API a client uses, the settings form as a browser without
 * JavaScript posts it, and the details a verified member's public page shows.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let owner: Member;
let other: Member;

beforeAll(async () => {
  server = await startServer();
  [owner, other] = [await registerMember(server), await registerMember(server)];
});

afterAll(async () => {
  await server?.stop();
});

const carrier = {
  legal_name: "Green Loop Haulage Ltd",
  address: "1 Mill Lane, Leeds",
  postcode: "ls1 4ap",
  country: "GB",
  sic_code: "38110",
  roles: ["carrier", "producer"],
  carrier_registration: "cbdu123456",
};

const organisationOf = async (member: Member) => (await api(server, "/api/users/organisation", { token: member.token })).json;

async function page(pathname: string, member: Member) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** The settings form posted as a browser without JavaScript sends it. */
async function postForm(member: Member, fields: [string, string][]) {
  const response = await fetch(server.url + "/app/settings/organisation", {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `session=${member.token}`,
      origin: server.url,
      "x-forwarded-for": member.address,
    },
    body: new URLSearchParams(fields),
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: (await response.text()).replaceAll("<!-- -->", ""),
  };
}

describe("GET, PUT /api/users/organisation", () => {
  it("answers null before the first save, names each refused field and keeps the one saved", async () => {
    expect(await organisationOf(owner)).toEqual({ success: true, organisation: null });
    expect((await api(server, "/api/users/organisation")).status).toBe(401);

    const refused = await api(server, "/api/users/organisation", {
      method: "PUT",
      token: owner.token,
      body: {
        ...carrier,
        postcode: "12345",
        sic_code: "381",
        country: "Great Britain",
        roles: ["carrier"],
        carrier_registration: "",
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.success).toBe(false);
    expect(refused.json.errors).toMatchObject({
      sic_code: "The SIC code must be five digits (SIC 2007), such as 38320",
      country: "The country must be a two-letter ISO 3166 code such as GB",
    });
    const permitless = await api(server, "/api/users/organisation", {
      method: "PUT",
      token: owner.token,
      body: { ...carrier, postcode: "12345", roles: ["carrier", "permit_holder"], carrier_registration: "CBDU12" },
    });
    expect(permitless.status).toBe(400);
    expect(permitless.json.errors).toEqual({
      postcode: "Enter a UK postcode such as SW1A 1AA",
      carrier_registration:
        "Enter a waste carrier, broker or dealer registration number such as CBDU123456, WCR/R/1234567, SCO/123456 or ROC UT 123",
      permit_number: "A permit holder needs its permit number",
    });
    expect((await organisationOf(owner)).organisation).toBeNull();

    const saved = await api(server, "/api/users/organisation", { method: "PUT", token: owner.token, body: carrier });
    expect(saved.status).toBe(200);
    const expected = {
      ...carrier,
      postcode: "LS1 4AP",
      roles: ["producer", "carrier"],
      carrier_registration: "CBDU123456",
      permit_number: null,
      exemption_reference: null,
      site_name: null,
    };
    expect(saved.json.organisation).toMatchObject(expected);
    expect((await organisationOf(owner)).organisation).toEqual(saved.json.organisation);

    // Another member reads only their own, and still has none.
    expect(await organisationOf(other)).toEqual({ success: true, organisation: null });
  });
});

describe("the organisation settings page without JavaScript", () => {
  it("shows each refused field's error beside it with what was typed, then saves and shows the saved details", async () => {
    const member = await registerMember(server);
    const blank = await page("/app/settings/organisation", member);
    expect(blank.status).toBe(200);
    expect(blank.html).toContain("Your organisation");
    expect((await page("/app/settings", member)).html).toContain('href="/app/settings/organisation"');

    const refused = await postForm(member, [
      ["legal_name", "Mill Lane Reuse"],
      ["address", "2 Mill Lane"],
      ["postcode", "LS1 4AP"],
      ["country", "GB"],
      ["sic_code", "3832"],
      ["roles", "exempt"],
      ["exemption_reference", ""],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("The SIC code must be five digits (SIC 2007), such as 38320");
    expect(refused.html).toContain("An exempt business needs its exemption reference");
    expect(refused.html).toContain('value="Mill Lane Reuse"');
    expect((await organisationOf(member)).organisation).toBeNull();

    const saved = await postForm(member, [
      ["legal_name", "Mill Lane Reuse"],
      ["address", "2 Mill Lane"],
      ["postcode", "LS1 4AP"],
      ["country", "GB"],
      ["sic_code", "38320"],
      ["roles", "producer"],
      ["roles", "exempt"],
      ["exemption_reference", "WEX123456"],
      ["returnTo", "/app/settings/organisation"],
    ]);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/app/settings/organisation");
    expect((await organisationOf(member)).organisation).toMatchObject({
      roles: ["producer", "exempt"],
      exemption_reference: "WEX123456",
    });
    const shown = await page("/app/settings/organisation", member);
    expect(shown.html).toContain('value="WEX123456"');
    expect(shown.html).toContain(`name="roles" checked="" value="exempt"`);
    expect(shown.html).toContain(`name="roles" value="carrier"`);
  });
});

describe("a member's public page", () => {
  it("shows verified business details only once an admin verified the member", async () => {
    const trader = await registerMember(server);
    const saved = await api(server, "/api/users/organisation", {
      method: "PUT",
      token: trader.token,
      body: { ...carrier, legal_name: "Verified Haulage Ltd" },
    });
    expect(saved.status).toBe(200);
    const before = await page(`/app/members/${trader.id}`, other);
    expect(before.status).toBe(200);
    expect(before.html).not.toContain("Verified business details");
    expect(before.html).not.toContain("Verified Haulage Ltd");

    withDatabase(server, (db) => db.prepare("UPDATE users SET is_verified = 1 WHERE id = ?").run(trader.id));
    const after = await page(`/app/members/${trader.id}`, other);
    expect(after.html).toContain("Verified business details");
    expect(after.html).toContain("Verified Haulage Ltd");
    expect(after.html).toContain("CBDU123456");
  });
});

describe("the organisation and the member's account", () => {
  it("is in the member's export and goes with their account", async () => {
    const member = await registerMember(server);
    const call = (pathname: string, init: { method?: string; body?: unknown } = {}) =>
      api(server, pathname, { ...init, token: member.token, headers: { "x-forwarded-for": member.address } });
    expect((await call("/api/users/organisation", { method: "PUT", body: carrier })).status).toBe(200);

    const exported = await call("/api/users/export");
    expect(exported.status).toBe(200);
    expect(exported.json.organisation).toMatchObject({ legal_name: carrier.legal_name, carrier_registration: "CBDU123456" });

    expect((await call("/api/users/me", { method: "DELETE", body: { password: member.password } })).status).toBe(200);
    const rows = withDatabase(server, (db) =>
      db.prepare("SELECT count(*) AS n FROM organisations WHERE user_id = ?").get(member.id),
    );
    expect(rows).toEqual({ n: 0 });
  });
});
