import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { api, registerMember, startServer, type TestServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

/**
 * Saved searches against the real server and database: a member saves a search, and each new
 * listing it finds tells them once, by the search's alert (at once, in the digest, or not at all),
 * never of their own listing nor of a member's they cannot see; only they read or delete it.
 */

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
type Member = Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, APP_URL: "http://hub.example.test", MAIL_FROM: "hub@example.test" });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const call = (member: Member, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: member.token, headers: { "x-forwarded-for": member.address } });

const save = (member: Member, body: unknown) => call(member, "/api/saved-searches", { method: "POST", body });

/** Lists through the API, as a member does, so the listing is matched as any new one is. */
async function list(member: Member, title: string, material = "paper"): Promise<number> {
  const created = await call(member, "/api/listings", {
    method: "POST",
    body: {
      kind: "sale",
      title,
      description: "Dry, under cover.",
      category: "paper",
      material,
      condition: "used",
      quantity: 2,
      unit: "t",
      price_cents: 4000,
      location: "Leeds",
      handover: "collection",
    },
  });
  expect(created.status).toBe(201);
  return created.json.data.listing.id;
}

/**
 * Waits until every match job has run (a listing's is written with it, before its answer), so
 * "no notification" means none, not not yet. A done job's payload is cleared, so all are waited for.
 */
async function matched() {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const waiting = withDatabase(
      server,
      (db) =>
        db
          .prepare("SELECT count(*) FROM jobs WHERE kind = 'saved-search-match' AND state IN ('pending', 'running')")
          .pluck()
          .get() as number,
    );
    if (waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`${waiting} listings were not matched within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const matchesOf = (member: Member, listingId: number) =>
  withDatabase(
    server,
    (db) =>
      db
        .prepare(
          "SELECT id, emailed_at FROM notifications WHERE recipient_id = ? AND type = 'saved_search_match' AND subject_id = ?",
        )
        .all(member.id, listingId) as { id: number; emailed_at: number | null }[],
  );

describe("a saved search", () => {
  it("tells its member once, at once, by notification and mail, of a new listing it finds, and of nothing else", async () => {
    const [saver, seller] = [await registerMember(server), await registerMember(server)];
    const saved = await save(saver, { name: "Cardboard near me", query: { search: "cardboard" }, alert: "instant" });
    expect(saved.status).toBe(201);
    expect(saved.json.data.saved_searches).toMatchObject([
      { name: "Cardboard near me", query: { search: "cardboard" }, alert: "instant" },
    ]);

    const match = await list(seller, "Baled cardboard, 2 t");
    const other = await list(seller, "Glass cullet", "glass");
    await matched();
    expect(matchesOf(saver, match)).toHaveLength(1);
    expect(matchesOf(saver, match)[0]!.emailed_at).not.toBeNull();
    expect(matchesOf(saver, other)).toHaveLength(0);
    const mails = await smtp.waitForMails((mail) => mail.to.includes(saver.email) && mail.text.includes("Baled cardboard"), {
      timeoutMs: 20_000,
    });
    expect(mails).toHaveLength(1);
    const notifications = await call(saver, "/api/notifications");
    expect(JSON.stringify(notifications.json)).toContain("matches your saved search");

    // Edited, paused and reopened later: matched again, still told once.
    expect((await call(seller, `/api/listings/${match}`, { method: "PATCH", body: { status: "paused" } })).status).toBe(200);
    expect((await call(seller, `/api/listings/${match}`, { method: "PATCH", body: { status: "active" } })).status).toBe(200);
    await matched();
    expect(matchesOf(saver, match)).toHaveLength(1);
    expect(smtp.mails.filter((mail) => mail.to.includes(saver.email) && mail.text.includes("Baled cardboard"))).toHaveLength(1);

    // The saver's own listing tells them nothing.
    const own = await list(saver, "My own cardboard");
    await matched();
    expect(matchesOf(saver, own)).toHaveLength(0);
  });

  it("never tells of a listing of a member either side blocked", async () => {
    const [saver, blocker, blocked] = [await registerMember(server), await registerMember(server), await registerMember(server)];
    await save(saver, { name: "Cardboard", query: { search: "cardboard" }, alert: "instant" });
    expect((await call(blocker, `/api/users/${saver.id}/block`, { method: "POST" })).status).toBe(200);
    expect((await call(saver, `/api/users/${blocked.id}/block`, { method: "POST" })).status).toBe(200);
    const fromBlocker = await list(blocker, "Cardboard from a blocker");
    const fromBlocked = await list(blocked, "Cardboard from the blocked");
    await matched();
    expect(matchesOf(saver, fromBlocker)).toHaveLength(0);
    expect(matchesOf(saver, fromBlocked)).toHaveLength(0);
  });

  it("with its alert off tells nothing; with daily, the match waits for the digest", async () => {
    const [quiet, daily, seller] = [await registerMember(server), await registerMember(server), await registerMember(server)];
    await save(quiet, { name: "Cardboard", query: { search: "cardboard" }, alert: "off" });
    await save(daily, { name: "Cardboard daily", query: { search: "cardboard", material: "paper" }, alert: "daily" });
    const listing = await list(seller, "Flattened cardboard boxes");
    await matched();
    expect(matchesOf(quiet, listing)).toHaveLength(0);
    expect(matchesOf(daily, listing)).toHaveLength(1);
    expect(matchesOf(daily, listing)[0]!.emailed_at).toBeNull();

    // The day's digest falls due, and another listing's job wakes the runner.
    const now = Date.now();
    withDatabase(server, (db) =>
      db
        .prepare("INSERT INTO jobs (kind, payload, run_at) VALUES ('notification-digest', ?, ?)")
        .run(JSON.stringify({ runAt: now }), now - 1000),
    );
    await list(seller, "Wood pallets");
    const [digest] = await smtp.waitForMails((mail) => mail.to.includes(daily.email) && /digest/.test(mail.subject), {
      timeoutMs: 20_000,
    });
    expect(digest!.text).toContain("Flattened cardboard boxes");
    expect(smtp.mails.filter((mail) => mail.to.includes(quiet.email))).toHaveLength(0);
  });

  it("is its member's alone: another member can neither read, change nor delete it", async () => {
    const [owner, other] = [await registerMember(server), await registerMember(server)];
    const id = (await save(owner, { name: "Metals", query: { material: "metals" }, alert: "daily" })).json.data.saved_searches[0]
      .id;
    expect((await call(other, "/api/saved-searches")).json.data.saved_searches).toEqual([]);
    // In its member's export, not in the other's.
    const exported = (await call(owner, "/api/users/export")).json;
    expect(exported.saved_searches).toMatchObject([{ id, name: "Metals", query: { material: "metals" }, alert: "daily" }]);
    expect((await call(other, "/api/users/export")).json.saved_searches).toEqual([]);
    const deleted = await call(other, `/api/saved-searches/${id}`, { method: "DELETE" });
    expect(deleted.status).toBe(404);
    expect(deleted.json.message).toBe("This saved search does not exist.");
    expect((await call(other, `/api/saved-searches/${id}`, { method: "PATCH", body: { alert: "off" } })).status).toBe(404);
    const changed = await call(owner, `/api/saved-searches/${id}`, { method: "PATCH", body: { alert: "off" } });
    expect(changed.json.data.saved_searches[0].alert).toBe("off");
    expect((await call(owner, `/api/saved-searches/${id}`, { method: "DELETE" })).json.data.saved_searches).toEqual([]);
  });

  it("refuses a place nobody can find, and a 21st saved search (409 naming the limit)", async () => {
    const member = await registerMember(server);
    const nowhere = await save(member, { name: "Near", query: { near: "Nowhereville", radius_km: 10 }, alert: "off" });
    expect(nowhere.status).toBe(400);
    expect(nowhere.json.message).toBe('We could not find "Nowhereville". Give a UK postcode or a town.');
    for (const name of ["\u0000", "Near\nme", "\u202eem raeN"]) {
      const hidden = await save(member, { name, alert: "off" });
      expect([hidden.status, hidden.json.errors?.name]).toEqual([
        400,
        "The name must be on one line, without control or invisible characters",
      ]);
    }
    for (let n = 1; n <= 20; n++) expect((await save(member, { name: `Search ${n}`, alert: "off" })).status).toBe(201);
    const refused = await save(member, { name: "One too many", alert: "off" });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("You can keep at most 20 saved searches; delete one to save another.");
  });
});

describe("the pages, without JavaScript", () => {
  /** A form posted as a browser without JavaScript sends it. */
  async function post(member: Member, pathname: string, fields: Record<string, string>) {
    const response = await fetch(server.url + pathname, {
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
    return { status: response.status, location: response.headers.get("location") };
  }

  async function page(member: Member, pathname: string) {
    const response = await fetch(server.url + pathname, {
      headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
    });
    return (await response.text()).replaceAll("<!-- -->", "");
  }

  it("saves the marketplace's current search from its form, lists it, changes its alert and deletes it", async () => {
    const member = await registerMember(server);
    const marketplace = await page(member, "/app/marketplace?q=cardboard&material=paper");
    expect(marketplace).toContain("Save this search");
    expect(marketplace).toMatch(/<input type="hidden" name="search" value="cardboard"\/>/);

    const saved = await post(member, "/app/saved-searches", {
      intent: "save",
      name: "Paper cardboard",
      search: "cardboard",
      material: "paper",
      alert: "daily",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/app/saved-searches");
    const [row] = (await call(member, "/api/saved-searches")).json.data.saved_searches;
    expect(row).toMatchObject({ name: "Paper cardboard", query: { search: "cardboard", material: "paper" }, alert: "daily" });
    expect(await page(member, "/app/saved-searches")).toContain("Paper cardboard");

    await post(member, "/app/saved-searches", { intent: "alert", id: String(row.id), alert: "off" });
    expect((await call(member, "/api/saved-searches")).json.data.saved_searches[0].alert).toBe("off");
    await post(member, "/app/saved-searches", { intent: "delete", id: String(row.id) });
    expect((await call(member, "/api/saved-searches")).json.data.saved_searches).toEqual([]);
  });
});
