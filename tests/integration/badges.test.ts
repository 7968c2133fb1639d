import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kgNumber } from "~/features/impact/format";
import { withDatabase } from "../support/database";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * The impact badges other sites embed: a member's is off (404, as for no member) until they turn
 * it on; each answers an SVG cached with an ETag that answers 304; the platform's shows the
 * figures of GET /api/impact/platform; an event's its results.
 */

let server: TestServer;
type Member = Awaited<ReturnType<typeof registerMember>>;
let member: Member;

beforeAll(async () => {
  server = await startServer();
  member = await registerMember(server);
});

afterAll(async () => {
  await server?.stop();
});

const call = (pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: member.token, headers: { "x-forwarded-for": member.address } });

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(server.url + pathname, { redirect: "manual", headers: { "x-forwarded-for": member.address, ...headers } });

/** The figures line a badge draws: "<weight> kg diverted · <co2e> kg CO2e avoided". */
const figuresOf = (svg: string) => /<text[^>]*>([^<]* kg diverted · [^<]* kg CO2e avoided)<\/text>/.exec(svg)?.[1];

describe("a member's badge", () => {
  it("answers 404 while off, exactly as for no member, then an SVG once turned on, cached with an ETag", async () => {
    const off = await get(`/badge/members/${member.id}.svg`);
    const none = await get(`/badge/members/99999999.svg`);
    expect(off.status).toBe(404);
    expect(none.status).toBe(404);
    expect(await off.text()).toBe(await none.text());
    expect(off.headers.get("content-type")).toBe(none.headers.get("content-type"));

    const recorded = await call("/api/impact/entries", {
      method: "POST",
      body: { date: new Date().toISOString().slice(0, 10), material: "metals", weight_kg: 25, treatment: "recycled" },
    });
    expect(recorded.status).toBe(201);

    const { status, json } = await call("/api/users/badge", { method: "PUT", body: { enabled: true } });
    expect(status).toBe(200);
    expect(json.data.badge.enabled).toBe(true);
    expect(json.data.badge.url).toMatch(new RegExp(`/badge/members/${member.id}\\.svg$`));
    expect(json.data.badge.snippet).toContain(`<img src="${json.data.badge.url}"`);

    const on = await get(`/badge/members/${member.id}.svg`);
    expect(on.status).toBe(200);
    expect(on.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(on.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    expect(on.headers.get("x-content-type-options")).toBe("nosniff");
    expect(on.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const etag = on.headers.get("etag");
    expect(etag).toMatch(/^"[^"]+"$/);
    const svg = await on.text();
    expect(svg).toContain('role="img"');
    expect(svg).toMatch(/<text[^>]*>Circular Hub · Member \d+<\/text>/);
    expect(figuresOf(svg)).toBe(`25 kg diverted · ${kgNumber(recorded.json.data.entry.co2e_kg)} kg CO2e avoided`);

    const again = await get(`/badge/members/${member.id}.svg`, { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // The dark one is another drawing, so another ETag.
    const dark = await get(`/badge/members/${member.id}.svg?theme=dark`, { "if-none-match": etag! });
    expect(dark.status).toBe(200);
    expect(dark.headers.get("etag")).not.toBe(etag);

    const turnedOff = await call("/api/users/badge", { method: "PUT", body: { enabled: false } });
    expect(turnedOff.json.data.badge.enabled).toBe(false);
    expect((await get(`/badge/members/${member.id}.svg`)).status).toBe(404);
    expect((await call("/api/users/badge", { method: "PUT", body: { enabled: "yes" } })).status).toBe(400);
  });

  it("is in the member's export while on", async () => {
    await call("/api/users/badge", { method: "PUT", body: { enabled: true } });
    const exported = await call("/api/users/export");
    expect(exported.json.badge.enabled).toBe(true);
  });

  it("answers 404 while its member is suspended, and shows again once a timed suspension has run out", async () => {
    const suspended = await registerMember(server);
    const turnOn = await api(server, "/api/users/badge", {
      method: "PUT",
      body: { enabled: true },
      token: suspended.token,
      headers: { "x-forwarded-for": suspended.address },
    });
    expect(turnOn.status).toBe(200);
    const suspend = (until: number) =>
      withDatabase(server, (db) =>
        db
          .prepare("UPDATE users SET suspended_at = ?, suspended_until = ? WHERE id = ?")
          .run(Date.now() - 7_200_000, until, suspended.id),
      );
    suspend(Date.now() + 3_600_000);
    expect((await get(`/badge/members/${suspended.id}.svg`)).status).toBe(404);
    suspend(Date.now() - 60_000);
    expect((await get(`/badge/members/${suspended.id}.svg`)).status).toBe(200);
  });
});

describe("Settings → Impact badge", () => {
  it("turns the badge on and off with a plain form, and gives the snippet to copy once on", async () => {
    const owner = await registerMember(server);
    const cookie = `session=${owner.token}`;
    const page = async () => {
      const response = await fetch(`${server.url}/app/settings/badge`, { headers: { cookie, "x-forwarded-for": owner.address } });
      expect(response.status).toBe(200);
      return (await response.text()).replaceAll("<!-- -->", "");
    };
    const toggle = (enabled: string) =>
      fetch(`${server.url}/app/settings/badge`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": owner.address },
        body: new URLSearchParams({ enabled }),
      });
    const off = await page();
    expect(off).toContain("Your badge is off.");
    expect(off).not.toContain("<textarea");

    const on = await toggle("true");
    expect(on.status).toBe(302);
    expect(on.headers.get("location")).toBe("/app/settings/badge");
    const shown = await page();
    expect(shown).toContain("Your badge is on.");
    expect(shown).toMatch(
      new RegExp(`<textarea[^>]*readOnly=""[^>]*>&lt;img src=&quot;[^<]*/badge/members/${owner.id}\\.svg`, "i"),
    );
    expect(shown).toContain(`src="/badge/members/${owner.id}.svg"`);
    expect((await get(`/badge/members/${owner.id}.svg`)).status).toBe(200);

    expect((await toggle("false")).status).toBe(302);
    expect(await page()).toContain("Your badge is off.");
    expect((await get(`/badge/members/${owner.id}.svg`)).status).toBe(404);
  });
});

describe("the platform's badge", () => {
  it("shows the figures of GET /api/impact/platform, each kilogram once", async () => {
    const { json } = await api(server, "/api/impact/platform");
    const response = await get("/badge/platform.svg");
    expect(response.status).toBe(200);
    const svg = await response.text();
    expect(figuresOf(svg)).toBe(
      `${kgNumber(json.data.totals.weight_kg)} kg diverted · ${kgNumber(json.data.totals.co2e_kg)} kg CO2e avoided`,
    );
    expect(svg).toContain(json.data.factors.name);
  });
});

describe("an event's badge", () => {
  it("shows its results, says when there are none yet, and answers 404 for a sample event or none", async () => {
    const event = (title: string, sample: boolean) =>
      withDatabase(server, (db) =>
        Number(
          db
            .prepare(
              `INSERT INTO events (organiser_id, title, kind, starts_at, ends_at, time_zone, place, is_sample)
               VALUES (?, ?, 'swap', ?, ?, 'UTC', 'The hall', ?)`,
            )
            .run(member.id, title, Date.now() - 3_600_000, Date.now() + 3_600_000, sample ? 1 : 0).lastInsertRowid,
        ),
      );
    const swap = event("Swap & <mend>", false);
    const pending = await get(`/badge/events/${swap}.svg`);
    expect(pending.status).toBe(200);
    const pendingSvg = await pending.text();
    expect(pendingSvg).toContain("Results not recorded yet");
    expect(pendingSvg).toContain("Swap &amp; &lt;mend&gt;");

    const recorded = await call(`/api/events/${swap}/results`, {
      method: "POST",
      body: { collected: [{ material: "textiles", weight_kg: 80, treatment: "reused" }] },
    });
    expect(recorded.status).toBe(201);
    const svg = await (await get(`/badge/events/${swap}.svg`)).text();
    expect(figuresOf(svg)).toBe(`80 kg diverted · ${kgNumber(recorded.json.data.results.totals.co2e_kg)} kg CO2e avoided`);

    expect((await get(`/badge/events/${event("Sample swap", true)}.svg`)).status).toBe(404);
    // Not a visitor's to read, so no badge either: it would show the event's title.
    withDatabase(server, (db) =>
      db
        .prepare("UPDATE users SET suspended_at = ?, suspended_until = ? WHERE id = ?")
        .run(Date.now(), Date.now() + 3_600_000, member.id),
    );
    const suspendedOrganiser = await get(`/badge/events/${swap}.svg`);
    withDatabase(server, (db) =>
      db.prepare("UPDATE users SET suspended_at = NULL, suspended_until = NULL WHERE id = ?").run(member.id),
    );
    expect(suspendedOrganiser.status).toBe(404);
    expect(await suspendedOrganiser.text()).toBe("Not found");
    expect((await get(`/badge/events/99999999.svg`)).status).toBe(404);
    expect((await get(`/badge/events/${swap}.png`)).status).toBe(404);
  });
});
