import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { propertyOf, readIcs } from "../support/ics-reader";
import { api, registerMember, startServer, type TestServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

/**
 * Events in members' calendars, against the real server: an event's calendar file for anyone, a
 * member's feed of the events they go to at a secret address they can reset, the day-before
 * reminder by mail once, and one search finding events. Events are written into the database,
 * as members' pages would write them.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let organiser: Member;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, APP_URL: "http://hub.example.test", MAIL_FROM: "hub@example.test" });
  organiser = await registerMember(server);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

type EventFields = {
  title?: string;
  startsAt?: number;
  timeZone?: string;
  place?: string;
  description?: string;
  organiserId?: number;
  isSample?: boolean;
  cancelled?: string;
};

function addEvent(fields: EventFields = {}): number {
  const startsAt = fields.startsAt ?? Date.parse("2030-12-05T10:00:00Z");
  return withDatabase(server, (db) =>
    Number(
      db
        .prepare(
          `INSERT INTO events (organiser_id, title, kind, starts_at, ends_at, time_zone, place, description, is_sample,
             status, cancel_reason, cancelled_at)
           VALUES (?, ?, 'repair_cafe', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          fields.organiserId ?? organiser.id,
          fields.title ?? "Repair café",
          startsAt,
          startsAt + 3 * HOUR,
          fields.timeZone ?? "Europe/London",
          fields.place ?? "St Mary's Hall, Leeds",
          fields.description ?? "Bring broken toasters; we mend them.",
          fields.isSample ? 1 : 0,
          fields.cancelled ? "cancelled" : "scheduled",
          fields.cancelled ?? null,
          fields.cancelled ? Date.now() : null,
        ).lastInsertRowid,
    ),
  );
}

const answer = (eventId: number, member: Member, status: "going" | "waitlisted" | "not_going") =>
  withDatabase(server, (db) =>
    db
      .prepare("INSERT INTO event_rsvps (event_id, member_id, status, answered_at) VALUES (?, ?, ?, ?)")
      .run(eventId, member.id, status, Date.now()),
  );

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(server.url + pathname, { headers, redirect: "manual" });
/** The path of an address the app gives under APP_URL. */
const pathOf = (url: string) => new URL(url).pathname;
const vevents = (text: string) => readIcs(text).components.filter((component) => component.name === "VEVENT");

describe("an event's calendar file", () => {
  it("is a calendar file anyone may have, at the organiser's wall clock in their zone, kept current by its ETag", async () => {
    const id = addEvent({ title: "Repair café: bikes, toasters; lamps", description: "Line one\nline two" });
    const response = await get(`/events/${id}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="repair-cafe-bikes-toasters-lamps-${id}.ics"`);
    const body = await response.text();
    const calendar = readIcs(body);
    expect(propertyOf(calendar, "METHOD")).toBe("PUBLISH");
    expect(propertyOf(calendar.components[0]!, "TZID")).toBe("Europe/London");
    const [event] = vevents(body);
    expect(propertyOf(event!, "UID")).toBe(`event-${id}@hub.example.test`);
    expect(propertyOf(event!, "SUMMARY", { text: true })).toBe("Repair café: bikes, toasters; lamps");
    expect(propertyOf(event!, "DESCRIPTION", { text: true })).toBe("Line one\nline two");
    expect(event!.properties.find((property) => property.name === "DTSTART")).toMatchObject({
      params: { TZID: "Europe/London" },
      value: "20301205T100000",
    });
    expect(propertyOf(event!, "URL")).toBe(`http://hub.example.test/events/${id}`);
    expect(propertyOf(event!, "STATUS")).toBe("CONFIRMED");
    expect(propertyOf(event!, "SEQUENCE")).toBe("0");

    const etag = response.headers.get("etag")!;
    expect(response.headers.get("cache-control")).toBe("public, no-cache");
    expect((await get(`/events/${id}.ics`, { "if-none-match": etag })).status).toBe(304);
    expect((await get(`/events/${id}.ics`, { "if-none-match": `"stale", W/${etag}` })).status).toBe(304);
    const head = await fetch(`${server.url}/events/${id}.ics`, { method: "HEAD" });
    expect([head.status, head.headers.get("etag"), await head.text()]).toEqual([200, etag, ""]);

    // Moved by an hour and changed a minute later: a new copy, with a higher sequence, wins.
    withDatabase(server, (db) =>
      db
        .prepare(
          "UPDATE events SET starts_at = starts_at + ?, ends_at = ends_at + ?, updated_at = created_at + 60000 WHERE id = ?",
        )
        .run(HOUR, HOUR, id),
    );
    const changed = await get(`/events/${id}.ics`, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    const [moved] = vevents(await changed.text());
    expect(propertyOf(moved!, "DTSTART")).toBe("20301205T110000");
    expect(propertyOf(moved!, "SEQUENCE")).toBe("60");
  });

  it("says a cancelled event is cancelled, with the reason", async () => {
    const id = addEvent({ cancelled: "The hall flooded" });
    const [event] = vevents(await (await get(`/events/${id}.ics`)).text());
    expect(propertyOf(event!, "STATUS")).toBe("CANCELLED");
    expect(propertyOf(event!, "DESCRIPTION", { text: true })).toMatch(/^Cancelled\. Reason: The hall flooded/);
  });

  it("is not found for a sample, a missing event, an organiser suspended, or an id that is no id", async () => {
    const sample = addEvent({ isSample: true });
    const suspended = await registerMember(server);
    const ofSuspended = addEvent({ organiserId: suspended.id });
    withDatabase(server, (db) => db.prepare("UPDATE users SET suspended_at = ? WHERE id = ?").run(Date.now(), suspended.id));
    for (const pathname of [
      `/events/${sample}.ics`,
      "/events/999999.ics",
      `/events/${ofSuspended}.ics`,
      "/events/0.ics",
      "/events/1x.ics",
    ]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
      expect(await response.text()).toBe("Not found");
    }
  });
});

describe("a member's calendar feed", () => {
  it("holds the events they go to, cancelled ones marked, at an address a reset replaces at once", async () => {
    const member = await registerMember(server);
    const going = addEvent({ title: "Clean-up by the canal" });
    const cancelled = addEvent({ title: "Swap shop", cancelled: "Rain", timeZone: "America/New_York" });
    const waiting = addEvent({ title: "Waiting list workshop" });
    const declined = addEvent({ title: "Declined drive" });
    // One they organise: a host does not answer their own event, and it is theirs to attend.
    addEvent({ title: "My own repair café", organiserId: member.id, startsAt: Date.parse("2030-12-06T10:00:00Z") });
    answer(going, member, "going");
    answer(cancelled, member, "going");
    answer(waiting, member, "waitlisted");
    answer(declined, member, "not_going");

    const first = await api(server, "/api/users/calendar", { token: member.token });
    expect(first.status).toBe(200);
    const { url } = first.json.data.calendar;
    expect(url).toMatch(/^http:\/\/hub\.example\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await api(server, "/api/users/calendar", { token: member.token })).json.data.calendar.url).toBe(url);

    const feed = await get(pathOf(url));
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(feed.headers.get("cache-control")).toBe("private, no-store");
    const body = await feed.text();
    expect(propertyOf(readIcs(body), "X-WR-CALNAME", { text: true })).toBe("Circular Hub: events I go to");
    const events = vevents(body);
    expect(events.map((event) => propertyOf(event, "SUMMARY", { text: true }))).toEqual([
      "Clean-up by the canal",
      "Swap shop",
      "My own repair café",
    ]);
    expect(events.map((event) => propertyOf(event, "STATUS"))).toEqual(["CONFIRMED", "CANCELLED", "CONFIRMED"]);
    // Each zone its events use has its rules.
    expect(
      readIcs(body)
        .components.filter((component) => component.name === "VTIMEZONE")
        .map((zone) => propertyOf(zone, "TZID")),
    ).toEqual(["Europe/London", "America/New_York"]);

    // The address is the feed's only key: the access log leaves its token out.
    await expect.poll(() => server.logs()).toContain("GET /calendar/<token>.ics 200");
    expect(server.logs()).not.toContain(pathOf(url).slice(10, -4));

    const reset = await api(server, "/api/users/calendar/reset", { method: "POST", token: member.token });
    expect(reset.status).toBe(200);
    const fresh = reset.json.data.calendar.url;
    expect(fresh).not.toBe(url);
    expect((await get(pathOf(url))).status).toBe(404);
    expect((await get(pathOf(fresh))).status).toBe(200);
    // Any other token is not found, alike.
    for (const pathname of [
      `/calendar/${"A".repeat(43)}.ics`,
      "/calendar/short.ics",
      pathOf(fresh).replace(/(.)\.ics$/, (_, last: string) => `${last === "A" ? "B" : "A"}.ics`),
    ]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
    }
  });

  it("needs a session to read or reset the address", async () => {
    expect((await api(server, "/api/users/calendar")).status).toBe(401);
    expect((await api(server, "/api/users/calendar/reset", { method: "POST" })).status).toBe(401);
  });

  it("shows the address in the settings, and the settings' form resets it without JavaScript", async () => {
    const member = await registerMember(server);
    const headers = { cookie: `session=${member.token}`, "x-forwarded-for": member.address };
    const page = (await (await get("/app/settings/calendar", headers)).text()).replaceAll("<!-- -->", "");
    const url = /value="(http:\/\/hub\.example\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics)"/.exec(page)?.[1];
    expect(url).toBeDefined();
    expect(page).toContain("Reset address");
    expect((await api(server, "/api/users/calendar", { token: member.token })).json.data.calendar.url).toBe(url);

    const posted = await fetch(server.url + "/app/settings/calendar", {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({}),
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/app/settings/calendar");
    expect((await get(pathOf(url!))).status).toBe(404);
    const after = (await api(server, "/api/users/calendar", { token: member.token })).json.data.calendar.url;
    expect(after).not.toBe(url);
    expect((await get(pathOf(after))).status).toBe(200);
  });
});

describe("the day-before reminder", () => {
  /** Queues a due run of the reminder and wakes the runner with a job of its own (a reset mail); answers the run's id. */
  async function runReminders(member: Member) {
    const now = Date.now();
    const jobId = withDatabase(server, (db) =>
      Number(
        db
          .prepare("INSERT INTO jobs (kind, payload, run_at) VALUES ('event-reminders', ?, ?)")
          .run(JSON.stringify({ runAt: now }), now - 1000).lastInsertRowid,
      ),
    );
    const woken = await api(server, "/api/auth/forgot-password", {
      method: "POST",
      body: { email: member.email },
      headers: { "x-forwarded-for": member.address },
    });
    expect(woken.status).toBe(200);
    await expect
      .poll(() => withDatabase(server, (db) => db.prepare("SELECT state FROM jobs WHERE id = ?").pluck().get(jobId)), {
        timeout: 20_000,
      })
      .toBe("done");
  }

  it("mails each member going once, with the time in the event's zone, named", async () => {
    const member = await registerMember(server);
    const waiting = await registerMember(server);
    // Made three hours ahead, less than a day: reminded at the next run.
    const startsAt = Math.ceil((Date.now() + 3 * HOUR) / 60_000) * 60_000;
    const id = addEvent({ title: "Tool library evening", startsAt, timeZone: "Asia/Kolkata", place: "The Old Library" });
    answer(id, member, "going");
    answer(id, waiting, "waitlisted");

    await runReminders(member);
    // The subject's curly quotes make it an encoded word: the body says the same sentence.
    const isReminder = (to: string) => (sent: { to: string[]; text: string }) =>
      sent.to.includes(to) && /Reminder: .*Tool library evening.* is tomorrow/.test(sent.text);
    const [mail] = await smtp.waitForMails(isReminder(member.email));
    const clock = new Intl.DateTimeFormat("en-US", {
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "Asia/Kolkata",
    }).format(startsAt);
    expect(mail!.text).toContain(`at ${clock} (Asia/Kolkata) at The Old Library`);

    // Another run (a second worker, a retry) tells nobody again.
    await runReminders(member);
    const reminders = withDatabase(server, (db) =>
      db.prepare("SELECT recipient_id FROM notifications WHERE type = 'event_reminder' AND subject_id = ?").pluck().all(id),
    );
    expect(reminders).toEqual([member.id]);
    expect(smtp.mails.filter(isReminder(member.email))).toHaveLength(1);
    expect(smtp.mails.some(isReminder(waiting.email))).toBe(false);
  });
});

describe("one search", () => {
  it("finds events by title, place or description, cancelled and sample ones marked, never a blocked member's", async () => {
    const viewer = await registerMember(server);
    const blocked = await registerMember(server);
    const upcoming = addEvent({ title: "Zinnia seed swap", startsAt: Date.now() + 48 * HOUR });
    const byPlace = addEvent({ title: "Evening workshop", place: "Zinnia Gardens", startsAt: Date.now() + 72 * HOUR });
    const past = addEvent({
      title: "Last year's swap",
      description: "Zinnia seeds went fast.",
      startsAt: Date.now() - 400 * HOUR,
    });
    const cancelled = addEvent({ title: "Zinnia walk", cancelled: "Storm", startsAt: Date.now() + 24 * HOUR });
    const sample = addEvent({ title: "Sample zinnia fair", isSample: true, startsAt: Date.now() + 96 * HOUR });
    addEvent({ title: "Zinnia talk", organiserId: blocked.id });
    expect((await api(server, `/api/users/${blocked.id}/block`, { method: "POST", token: viewer.token })).status).toBe(200);

    const response = await api(server, "/api/search?q=zinnia", { token: viewer.token });
    expect(response.status).toBe(200);
    const { events } = response.json.data;
    expect(events.total).toBe(5);
    // Those still to end first, soonest first, then past ones.
    expect(events.items.map((event: { id: number }) => event.id)).toEqual([cancelled, upcoming, byPlace, sample, past]);
    expect(events.items[0]).toMatchObject({ status: "cancelled", is_sample: false, time_zone: "Europe/London" });
    expect(events.items[3]).toMatchObject({ status: "scheduled", is_sample: true });
    expect((await api(server, "/api/search?q=zinnia%20gardens", { token: viewer.token })).json.data.events.total).toBe(1);

    const page = await (
      await get("/app/search?q=zinnia", { cookie: `session=${viewer.token}`, "x-forwarded-for": viewer.address })
    ).text();
    expect(page).toContain(`href="/app/events/${upcoming}"`);
    expect(page).toContain("Cancelled");
    expect(page).toContain("Sample event");
    expect(page).not.toContain("Zinnia talk");
  });
});
