import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { co2eGramsOf, CURRENT_FACTOR_TABLE } from "~/features/impact/factors";
import type { EntryView } from "~/features/impact/wire";
import { withDatabase } from "../support/database";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * An event's results, recorded through the API and the organiser's form: they enter the
 * organiser's ledger once (recorded again, replaced, never added), count once across the platform,
 * and tell everyone who went; only the organiser records them, once the event has begun.
 */

let server: TestServer;
type Member = Awaited<ReturnType<typeof registerMember>>;
let organiser: Member;
let attendee: Member;
let stranger: Member;

beforeAll(async () => {
  server = await startServer();
  [organiser, attendee, stranger] = [await registerMember(server), await registerMember(server), await registerMember(server)];
});

afterAll(async () => {
  await server?.stop();
});

const call = (who: Member, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: who.token, headers: { "x-forwarded-for": who.address } });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An event as its organiser would have made it (its own API is another part's), starting `startsIn` ms from now. */
function makeEvent(organiserId: number, title: string, startsIn: number, extra: { status?: string; isSample?: boolean } = {}) {
  return withDatabase(server, (db) => {
    const startsAt = Date.now() + startsIn;
    const cancelled = extra.status === "cancelled";
    return Number(
      db
        .prepare(
          `INSERT INTO events (organiser_id, title, kind, starts_at, ends_at, time_zone, place, status, cancelled_at, cancel_reason, is_sample)
           VALUES (?, ?, 'cleanup', ?, ?, 'UTC', 'The riverside', ?, ?, ?, ?)`,
        )
        .run(
          organiserId,
          title,
          startsAt,
          startsAt + 2 * HOUR,
          extra.status ?? "scheduled",
          cancelled ? Date.now() : null,
          cancelled ? "Storm" : null,
          extra.isSample ? 1 : 0,
        ).lastInsertRowid,
    );
  });
}

function answer(eventId: number, memberId: number, status: string) {
  withDatabase(server, (db) =>
    db
      .prepare("INSERT INTO event_rsvps (event_id, member_id, status, answered_at) VALUES (?, ?, ?, ?)")
      .run(eventId, memberId, status, Date.now()),
  );
}

const grams = (kg: number) => Math.round(kg * 1000);

async function organiserTotals() {
  const { status, json } = await call(organiser, "/api/impact?period=30");
  expect(status).toBe(200);
  return { weightG: grams(json.data.totals.weight_kg), co2eG: grams(json.data.totals.co2e_kg) };
}

async function platformTotals() {
  const { status, json } = await api(server, "/api/impact/platform");
  expect(status).toBe(200);
  return json.data as { totals: { weight_kg: number; co2e_kg: number }; factors: { name: string } };
}

async function eventEntries(eventId: number): Promise<EntryView[]> {
  const { json } = await call(organiser, "/api/impact/entries?page=1");
  return (json.data.entries as EntryView[]).filter((entry) => entry.event_id === eventId);
}

const FIRST = [
  { material: "plastics", weight_kg: 40.5, treatment: "recycled" },
  { material: "metals", weight_kg: 12, treatment: "recycled" },
] as const;
const SECOND = [{ material: "paper", weight_kg: 30.25, treatment: "recycled" }] as const;
const co2eG = (lines: readonly { material: string; weight_kg: number; treatment: string }[]) =>
  lines.reduce((sum, line) => sum + co2eGramsOf(line.material as never, line.treatment as never, grams(line.weight_kg)), 0);
const weightG = (lines: readonly { weight_kg: number }[]) => lines.reduce((sum, line) => sum + grams(line.weight_kg), 0);

describe("POST /api/events/:id/results", () => {
  let eventId: number;

  beforeAll(() => {
    eventId = makeEvent(organiser.id, "Riverside clean-up", -3 * DAY);
    answer(eventId, attendee.id, "going");
    answer(eventId, stranger.id, "not_going");
  });

  it("refuses another member (403) and leaves the ledger as it was", async () => {
    const platform = await platformTotals();
    const { status, json } = await call(stranger, `/api/events/${eventId}/results`, {
      method: "POST",
      body: { collected: [...FIRST] },
    });
    expect(status).toBe(403);
    expect(json.message).toBe("Only the event's organiser records its results.");
    expect((await platformTotals()).totals).toEqual(platform.totals);
  });

  it("refuses results before the event has begun, or for a cancelled one (409), and a missing event (404)", async () => {
    const upcoming = makeEvent(organiser.id, "Next week's swap", 7 * DAY);
    const early = await call(organiser, `/api/events/${upcoming}/results`, { method: "POST", body: { collected: [...FIRST] } });
    expect(early.status).toBe(409);
    expect(early.json.message).toBe("This event has not started yet: record its results once it has begun.");
    const cancelled = makeEvent(organiser.id, "Stormy clean-up", -DAY, { status: "cancelled" });
    const refused = await call(organiser, `/api/events/${cancelled}/results`, {
      method: "POST",
      body: { collected: [...FIRST] },
    });
    expect(refused.status).toBe(409);
    expect(
      (await call(organiser, `/api/events/99999999/results`, { method: "POST", body: { collected: [...FIRST] } })).status,
    ).toBe(404);
    expect(await eventEntries(upcoming)).toEqual([]);
  });

  it("records the organiser's results: 201, the ledger grows by the weights, the platform counts them once, going members told", async () => {
    const [before, platformBefore] = [await organiserTotals(), await platformTotals()];
    const { status, json } = await call(organiser, `/api/events/${eventId}/results`, {
      method: "POST",
      body: { collected: [...FIRST], volunteers: 9, hours: 18.5, items_repaired: 0, note: "Two skips filled" },
    });
    expect(status).toBe(201);
    const results = json.data.results;
    expect(results.collected).toEqual(
      FIRST.map((line) => ({ ...line, co2e_kg: co2eGramsOf(line.material, line.treatment, grams(line.weight_kg)) / 1000 })),
    );
    expect(results.totals).toEqual({ weight_kg: weightG(FIRST) / 1000, co2e_kg: co2eG(FIRST) / 1000 });
    expect(results).toMatchObject({
      volunteers: 9,
      hours: 18.5,
      items_repaired: 0,
      items_checked: null,
      note: "Two skips filled",
    });
    expect(results.factor_table).toEqual({
      key: CURRENT_FACTOR_TABLE.key,
      name: CURRENT_FACTOR_TABLE.name,
      edition: CURRENT_FACTOR_TABLE.edition,
    });

    const after = await organiserTotals();
    expect(after.weightG - before.weightG).toBe(weightG(FIRST));
    expect(after.co2eG - before.co2eG).toBe(co2eG(FIRST));
    const platformAfter = await platformTotals();
    expect(grams(platformAfter.totals.weight_kg) - grams(platformBefore.totals.weight_kg)).toBe(weightG(FIRST));
    expect(grams(platformAfter.totals.co2e_kg) - grams(platformBefore.totals.co2e_kg)).toBe(co2eG(FIRST));

    const entries = await eventEntries(eventId);
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(entry).toMatchObject({ source: "event", role: "own", event_title: "Riverside clean-up" });
    // Dated the day the event took place, not the day its results were recorded.
    expect(entries[0]!.date).toBe(new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10));

    const told = await call(attendee, "/api/notifications");
    expect(told.json.data.notifications.filter((n: { type: string }) => n.type === "event_results")).toHaveLength(1);
    const notGoing = await call(stranger, "/api/notifications");
    expect(notGoing.json.data.notifications.some((n: { type: string }) => n.type === "event_results")).toBe(false);
  });

  it("replaces the results when recorded again: the ledger and the platform hold the new weights once, not both", async () => {
    const [before, platformBefore] = [await organiserTotals(), await platformTotals()];
    const { status, json } = await call(organiser, `/api/events/${eventId}/results`, {
      method: "POST",
      body: { collected: [...SECOND] },
    });
    expect(status).toBe(201);
    expect(json.data.results.volunteers).toBeNull();
    const after = await organiserTotals();
    expect(after.weightG - before.weightG).toBe(weightG(SECOND) - weightG(FIRST));
    const platformAfter = await platformTotals();
    expect(grams(platformAfter.totals.weight_kg) - grams(platformBefore.totals.weight_kg)).toBe(weightG(SECOND) - weightG(FIRST));
    expect(grams(platformAfter.totals.co2e_kg) - grams(platformBefore.totals.co2e_kg)).toBe(co2eG(SECOND) - co2eG(FIRST));
    expect((await eventEntries(eventId)).map((entry) => entry.material)).toEqual(["paper"]);
    // Once more with the same lines: still once.
    await call(organiser, `/api/events/${eventId}/results`, { method: "POST", body: { collected: [...SECOND] } });
    expect(await organiserTotals()).toEqual(after);
    // The going member's notification folds into one.
    const told = await call(attendee, "/api/notifications");
    expect(told.json.data.notifications.filter((n: { type: string }) => n.type === "event_results")).toHaveLength(1);
  });

  it("keeps an event entry out of the ledger's own edits: it changes with the results only", async () => {
    const [entry] = await eventEntries(eventId);
    const { status } = await call(organiser, `/api/impact/entries/${entry!.id}`, { method: "DELETE" });
    expect(status).toBe(403);
  });

  it("refuses to cancel an event whose results are recorded (409): it took place, and its weights stay counted", async () => {
    const platformBefore = await platformTotals();
    const cancelled = await call(organiser, `/api/events/${eventId}/cancel`, { method: "POST", body: { reason: "Oops" } });
    expect(cancelled.status).toBe(409);
    expect(cancelled.json.message).toBe("This event's results are recorded: it took place, so it cannot be cancelled.");
    expect((await call(organiser, `/api/events/${eventId}`)).json.data.event.status).toBe("scheduled");
    expect(await platformTotals()).toEqual(platformBefore);
    expect(
      (await call(organiser, `/api/events/${eventId}/results`, { method: "POST", body: { collected: [...SECOND] } })).status,
    ).toBe(201);
  });

  it("takes the results from the organiser's form without JavaScript, and shows them on the form's page", async () => {
    const formEvent = makeEvent(organiser.id, "Repair café", -2 * HOUR);
    const cookie = `session=${organiser.token}; tz=UTC`;
    const body = new URLSearchParams({
      "collected.0.material": "electronics",
      "collected.0.weight_kg": "7.25",
      "collected.0.treatment": "reused",
      "collected.1.material": "",
      "collected.1.weight_kg": "",
      "collected.1.treatment": "",
      items_repaired: "14",
      note: "",
    });
    const posted = await fetch(`${server.url}/app/events/${formEvent}/results`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": organiser.address },
      body,
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe(`/app/events/${formEvent}/results`);
    const page = await fetch(`${server.url}/app/events/${formEvent}/results`, {
      headers: { cookie, "x-forwarded-for": organiser.address },
    });
    const text = (await page.text()).replaceAll("<!-- -->", "");
    expect(page.status).toBe(200);
    expect(text).toContain("7.25 kg");
    expect(text).toContain("Items repaired");
    expect(text).toContain(CURRENT_FACTOR_TABLE.name);
    const strangers = await fetch(`${server.url}/app/events/${formEvent}/results`, {
      headers: { cookie: `session=${stranger.token}`, "x-forwarded-for": stranger.address },
    });
    expect(strangers.status).toBe(403);
  });
});
