import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { multipart } from "../support/multipart";
import { api, registerMember, startServer, type TestServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

/**
 * Events through the API against the real server (two worker processes, so answers for the last
 * seat really race): a member organises one, only they change or cancel it and read who answered;
 * past the capacity members wait in answer order, and a freed seat moves the first up, who is told;
 * a cancellation tells everyone going or waiting, in the app and by mail.
 */

const PNG = fs.readFileSync(path.resolve("db/seed-media/cargo-bike.png"));
const DAY = 86_400_000;

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
type Member = Awaited<ReturnType<typeof registerMember>>;
let organiser: Member;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({
    SMTP_URL: smtp.url,
    APP_URL: "http://hub.example.test",
    MAIL_FROM: "hub@example.test",
    WORKERS: "2",
  });
  organiser = await registerMember(server);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const call = (member: Member, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: member.token, headers: { "x-forwarded-for": member.address } });

/** An instant `days` from now, on the hour, written with an offset as the API takes it. */
const at = (days: number, hours = 0) => {
  const time = new Date(Math.floor((Date.now() + days * DAY) / 3_600_000) * 3_600_000 + hours * 3_600_000);
  return time.toISOString().replace(".000Z", "+00:00");
};

const valid = () => ({
  title: "Repair café at the library",
  kind: "repair_cafe",
  starts_at: at(7),
  ends_at: at(7, 3),
  time_zone: "Europe/London",
  place: "Leeds Central Library",
  description: "Bring a broken toaster.",
});

async function organise(fields: Record<string, unknown> = {}, by = organiser): Promise<number> {
  const created = await call(by, "/api/events", { method: "POST", body: { ...valid(), ...fields } });
  expect(created.status).toBe(201);
  return created.json.data.event.id;
}

const rsvp = (member: Member, id: number, status: string) =>
  call(member, `/api/events/${id}/rsvp`, { method: "PUT", body: { status } });

const notificationsOf = (member: Member, type: string, eventId: number) =>
  withDatabase(
    server,
    (db) =>
      db
        .prepare("SELECT count(*) FROM notifications WHERE recipient_id = ? AND type = ? AND subject_id = ?")
        .pluck()
        .get(member.id, type, eventId) as number,
  );

describe("organising an event", () => {
  it("creates one, shown in the organiser's zone with its offset", async () => {
    const fields = {
      ...valid(),
      starts_at: "2027-01-09T10:00:00+00:00",
      ends_at: "2027-01-09T13:00:00+00:00",
      time_zone: "America/New_York",
      capacity: 20,
    };
    const created = await call(organiser, "/api/events", { method: "POST", body: fields });
    expect(created.status).toBe(201);
    expect(created.json.data.event).toMatchObject({
      title: "Repair café at the library",
      kind: "repair_cafe",
      starts_at: "2027-01-09T05:00:00-05:00",
      ends_at: "2027-01-09T08:00:00-05:00",
      time_zone: "America/New_York",
      capacity: 20,
      seats_left: 20,
      status: "scheduled",
      organiser: { id: organiser.id },
      rsvp: null,
      photo_url: null,
    });
    const read = await call(organiser, `/api/events/${created.json.data.event.id}`);
    expect(read.json.data.event.place).toBe("Leeds Central Library");
  });

  it("takes one photo through the media checks, served back at /media", async () => {
    // A phone's photo runs to megabytes, far past what a body without files may send.
    const photo = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const form = multipart([
      ...Object.entries(valid()).map(([name, value]) => [name, String(value)] as [string, string]),
      ["photo", photo, "poster.png", "image/png"],
    ]);
    const response = await fetch(`${server.url}/api/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${organiser.token}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const { photo_url } = (await response.json()).data.event;
    expect(photo_url).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const served = await fetch(server.url + photo_url);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect((await served.arrayBuffer()).byteLength).toBe(photo.length);
  });

  it("refuses what does not fit with 400 and the field's message", async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ title: "" }, "title", /title is required/i],
      [{ kind: "rave" }, "kind", /kind of event/],
      [{ starts_at: "next Saturday at ten" }, "starts_at", /offset/],
      [{ starts_at: "2027-02-30T10:00:00+00:00" }, "starts_at", /offset/],
      [{ time_zone: "Mars/Olympus" }, "time_zone", /time zone/],
      [{ ends_at: at(7, -1) }, "ends_at", /end after it starts/],
      [{ starts_at: at(-400), ends_at: at(-400, 2) }, "starts_at", /366 days in the past/],
      [{ capacity: 0 }, "capacity", /at least 1/],
    ];
    for (const [fields, field, message] of cases) {
      const response = await call(organiser, "/api/events", { method: "POST", body: { ...valid(), ...fields } });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.json.errors[field]).toMatch(message);
    }
  });

  it("refuses times years ahead, which no page could show, and the events page still answers", async () => {
    // Year 9999 on a clock behind UTC is year 10000 in UTC: no ISO 8601 text a reader parses.
    const farAhead = { starts_at: "9999-12-31T20:00:00-12:00", ends_at: "9999-12-31T23:00:00-12:00" };
    const created = await call(organiser, "/api/events", { method: "POST", body: { ...valid(), ...farAhead } });
    expect(created.status).toBe(400);
    expect(created.json.errors.starts_at).toBe("The event must start at most 3 years from now");
    const id = await organise();
    const moved = await call(organiser, `/api/events/${id}`, { method: "PATCH", body: { ends_at: at(4 * 366) } });
    expect(moved.status).toBe(400);
    expect(moved.json.errors.ends_at).toBe("The event must end at most 3 years from now");
    expect((await fetch(`${server.url}/events`)).status).toBe(200);
  });

  it("refuses a bad query or change with 400 naming the field", async () => {
    expect((await call(organiser, "/api/events?page=0")).status).toBe(400);
    expect((await call(organiser, "/api/events?from=yesterday")).json.errors.from).toMatch(/day/);
    const reversed = await call(organiser, "/api/events?from=2026-12-01&to=2026-11-01");
    expect([reversed.status, reversed.json.errors?.from]).toEqual([400, "from must not be after to"]);
    expect((await call(organiser, "/api/events?from=2026-12-01&to=2026-12-01")).status).toBe(200);
    expect((await call(organiser, "/api/events?to=2026-02-30")).json.errors.to).toMatch(/day/);
    const id = await organise();
    const unknown = await call(organiser, `/api/events/${id}`, { method: "PATCH", body: { colour: "green" } });
    expect(unknown.status).toBe(400);
    const backwards = await call(organiser, `/api/events/${id}`, { method: "PATCH", body: { ends_at: at(6) } });
    expect(backwards.status).toBe(400);
    expect(backwards.json.errors.ends_at).toBe("The event must end after it starts");
    expect((await call(organiser, "/api/events/abc")).status).toBe(404);
  });

  it("records an event that already happened (within a year)", async () => {
    const response = await call(organiser, "/api/events", {
      method: "POST",
      body: { ...valid(), starts_at: at(-30), ends_at: at(-30, 2) },
    });
    expect(response.status).toBe(201);
    expect(response.json.data.event.has_ended).toBe(true);
  });

  it("lets only the organiser change it: another member's PATCH is a 403 and changes nothing", async () => {
    const id = await organise();
    const other = await registerMember(server);
    const refused = await call(other, `/api/events/${id}`, { method: "PATCH", body: { title: "Mine now" } });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("Only the member who organises this event can change it.");
    expect((await call(organiser, `/api/events/${id}`)).json.data.event.title).toBe("Repair café at the library");
    const changed = await call(organiser, `/api/events/${id}`, {
      method: "PATCH",
      body: { title: "Repair café, second Saturday" },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.data.event.title).toBe("Repair café, second Saturday");
  });

  it("lists upcoming events first, soonest first, then past ones, latest first, filtered by kind", async () => {
    const member = await registerMember(server);
    const soon = await organise({ kind: "swap", title: "Soon swap", starts_at: at(2), ends_at: at(2, 2) }, member);
    const later = await organise({ kind: "swap", title: "Later swap", starts_at: at(20), ends_at: at(20, 2) }, member);
    const past = await organise({ kind: "swap", title: "Past swap", starts_at: at(-3), ends_at: at(-3, 2) }, member);
    const older = await organise({ kind: "swap", title: "Older swap", starts_at: at(-9), ends_at: at(-9, 2) }, member);
    const listed = await call(member, "/api/events?kind=swap");
    expect(listed.status).toBe(200);
    // The seeded sample events are in the list too: only this member's are compared.
    const mine = new Set([soon, later, past, older]);
    const ids = listed.json.data.events.map((event: { id: number }) => event.id).filter((id: number) => mine.has(id));
    expect(ids).toEqual([soon, later, past, older]);
    const bounded = await call(member, `/api/events?kind=swap&from=${at(1).slice(0, 10)}&to=${at(3).slice(0, 10)}`);
    expect(bounded.json.data.events.map((event: { id: number }) => event.id).filter((id: number) => mine.has(id))).toEqual([
      soon,
    ]);
    expect((await call(member, "/api/events?kind=rave")).status).toBe(400);
  });
});

describe("answering an event", () => {
  it("seats one member, waits the next, and moves them up when the seat frees, telling them", async () => {
    const id = await organise({ capacity: 1 });
    const [first, second, third] = [await registerMember(server), await registerMember(server), await registerMember(server)];
    expect((await rsvp(first, id, "going")).json.data.rsvp).toEqual({ status: "going" });
    expect((await rsvp(second, id, "going")).json.data.rsvp).toEqual({ status: "waitlisted", position: 1 });
    expect((await rsvp(third, id, "going")).json.data.rsvp).toEqual({ status: "waitlisted", position: 2 });
    // Answering again keeps the place in the list.
    expect((await rsvp(second, id, "going")).json.data.rsvp).toEqual({ status: "waitlisted", position: 1 });

    const left = await rsvp(first, id, "not_going");
    expect(left.json.data.rsvp).toEqual({ status: "not_going" });
    expect((await call(second, `/api/events/${id}`)).json.data.event.rsvp).toEqual({ status: "going" });
    expect((await call(third, `/api/events/${id}`)).json.data.event.rsvp).toEqual({ status: "waitlisted", position: 1 });
    expect(notificationsOf(second, "event_seat_freed", id)).toBe(1);
    expect(notificationsOf(third, "event_seat_freed", id)).toBe(0);

    // The organiser raises the capacity: the next waiting moves up too.
    await call(organiser, `/api/events/${id}`, { method: "PATCH", body: { capacity: 2 } });
    expect((await call(third, `/api/events/${id}`)).json.data.event.rsvp).toEqual({ status: "going" });
    expect(notificationsOf(third, "event_seat_freed", id)).toBe(1);
  });

  it("gives the last seat to one of the members answering at once; the others wait", async () => {
    for (let round = 0; round < 4; round++) {
      const id = await organise({ capacity: 1 });
      const members = await Promise.all(Array.from({ length: 6 }, () => registerMember(server)));
      const answers = await Promise.all(members.map((member) => rsvp(member, id, "going")));
      expect(answers.map((answer) => answer.status)).toEqual(members.map(() => 200));
      const statuses = answers.map((answer) => answer.json.data.rsvp.status);
      expect(statuses.filter((status) => status === "going")).toHaveLength(1);
      expect(statuses.filter((status) => status === "waitlisted")).toHaveLength(5);
      const positions = answers.flatMap((answer) => answer.json.data.rsvp.position ?? []).sort();
      expect(positions).toEqual([1, 2, 3, 4, 5]);
      const event = (await call(organiser, `/api/events/${id}`)).json.data.event;
      expect(event).toMatchObject({ going_count: 1, waitlisted_count: 5, seats_left: 0 });
    }
  });

  it("refuses answers to a cancelled or ended event, and to the organiser, with 409", async () => {
    const member = await registerMember(server);
    const ended = await organise({ starts_at: at(-2), ends_at: at(-2, 2) });
    const refused = await rsvp(member, ended, "going");
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("This event has ended: it takes no more answers.");
    const own = await organise();
    expect((await rsvp(organiser, own, "going")).status).toBe(409);
    expect((await rsvp(member, own, "maybe")).status).toBe(400);
    expect((await rsvp(member, 999_999, "going")).status).toBe(404);
    // A block either way between a member and the organiser: no answer passes.
    const wary = await registerMember(server);
    const blocked = await organise({}, wary);
    expect((await call(wary, `/api/users/${member.id}/block`, { method: "POST" })).status).toBe(200);
    const refusedAcrossBlock = await rsvp(member, blocked, "going");
    expect(refusedAcrossBlock.status).toBe(403);
    expect(refusedAcrossBlock.json.message).toBe("You cannot answer this member's events.");
  });

  it("tells those going of a new time or place", async () => {
    const id = await organise();
    const member = await registerMember(server);
    await rsvp(member, id, "going");
    await call(organiser, `/api/events/${id}`, { method: "PATCH", body: { description: "Bring two toasters." } });
    expect(notificationsOf(member, "event_changed", id)).toBe(0);
    await call(organiser, `/api/events/${id}`, { method: "PATCH", body: { place: "Hyde Park Community Centre" } });
    expect(notificationsOf(member, "event_changed", id)).toBe(1);
  });
});

describe("cancelling an event", () => {
  it("tells everyone going or waiting, in the app and by mail, and refuses new answers", async () => {
    const id = await organise({ capacity: 1, title: "Canal clean-up" });
    const going = await registerMember(server);
    const waiting = await registerMember(server);
    const notGoing = await registerMember(server);
    await rsvp(going, id, "going");
    await rsvp(waiting, id, "going");
    await rsvp(notGoing, id, "not_going");
    const other = await registerMember(server);
    expect((await call(other, `/api/events/${id}/cancel`, { method: "POST", body: { reason: "No" } })).status).toBe(403);
    expect((await call(organiser, `/api/events/${id}/cancel`, { method: "POST", body: { reason: " " } })).status).toBe(400);

    const cancelled = await call(organiser, `/api/events/${id}/cancel`, {
      method: "POST",
      body: { reason: "The towpath is flooded" },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data.event).toMatchObject({ status: "cancelled", cancel_reason: "The towpath is flooded" });
    expect(notificationsOf(going, "event_cancelled", id)).toBe(1);
    expect(notificationsOf(waiting, "event_cancelled", id)).toBe(1);
    expect(notificationsOf(notGoing, "event_cancelled", id)).toBe(0);
    for (const member of [going, waiting]) {
      const [mail] = await smtp.waitForMails(
        (sent) => sent.to.includes(member.email) && sent.text.includes("The towpath is flooded"),
      );
      expect(mail!.text).toMatch(/Member \d+ cancelled \S+Canal clean-up\S+: The towpath is flooded\./);
      expect(mail!.text).toContain("http://hub.example.test/app/notifications/");
    }
    expect((await rsvp(notGoing, id, "going")).status).toBe(409);
    expect((await call(organiser, `/api/events/${id}`, { method: "PATCH", body: { title: "Back on" } })).status).toBe(409);
  });
});

describe("the attendee list", () => {
  it("is the organiser's: names, status and when, waiting in order; a CSV with formulas defused", async () => {
    const id = await organise({ capacity: 1 });
    const [first, second] = [await registerMember(server), await registerMember(server)];
    withDatabase(server, (db) => db.prepare("UPDATE users SET username = ? WHERE id = ?").run('=HYPERLINK("x")', second.id));
    await rsvp(first, id, "going");
    await rsvp(second, id, "going");

    expect((await call(first, `/api/events/${id}/attendees`)).status).toBe(403);
    const listed = await call(organiser, `/api/events/${id}/attendees`);
    expect(listed.status).toBe(200);
    expect(listed.json.data.attendees).toEqual([
      { member: { id: first.id, username: expect.any(String) }, status: "going", answered_at: expect.stringMatching(/Z$/) },
      {
        member: { id: second.id, username: '=HYPERLINK("x")' },
        status: "waitlisted",
        position: 1,
        answered_at: expect.any(String),
      },
    ]);

    const csv = await fetch(`${server.url}/api/events/${id}/attendees/export`, {
      headers: { authorization: `Bearer ${organiser.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("name,status,waiting_position,answered_at");
    expect(lines[1]).toMatch(/^Member \d+,Going,,\d{4}-/);
    expect(lines[2]).toMatch(/^"'=HYPERLINK\(""x""\)",On the waiting list,1,/);
    const refused = await fetch(`${server.url}/api/events/${id}/attendees/export`, {
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(refused.status).toBe(403);
  });
});

describe("an organiser who deletes their account", () => {
  it("takes their events, photos and answers with them; others' answers to them go too", async () => {
    const leaving = await registerMember(server);
    const form = multipart([
      ...Object.entries(valid()).map(([name, value]) => [name, String(value)] as [string, string]),
      ["photo", PNG, "poster.png", "image/png"],
    ]);
    const created = await fetch(`${server.url}/api/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${leaving.token}`, "x-forwarded-for": leaving.address },
      body: form,
    });
    const { id, photo_url } = (await created.json()).data.event;
    const member = await registerMember(server);
    await rsvp(member, id, "going");
    const other = await organise();
    await rsvp(leaving, other, "going");

    const stored = path.join(server.dataDir, "uploads", photo_url.slice("/media/".length));
    expect(fs.existsSync(stored)).toBe(true);
    const deleted = await call(leaving, "/api/users/me", { method: "DELETE", body: { password: leaving.password } });
    expect(deleted.status).toBe(200);
    expect((await call(member, `/api/events/${id}`)).status).toBe(404);
    expect((await fetch(server.url + photo_url)).status).toBe(404);
    expect(fs.existsSync(stored)).toBe(false);
    expect((await call(organiser, `/api/events/${other}/attendees`)).json.data.attendees).toEqual([]);
  });
});

describe("a member going who deletes their account", () => {
  it("frees their seat for the first waiting, who is told, rather than for the next to answer", async () => {
    const id = await organise({ capacity: 1 });
    const leaving = await registerMember(server);
    const waiting = await registerMember(server);
    expect((await rsvp(leaving, id, "going")).json.data.rsvp.status).toBe("going");
    expect((await rsvp(waiting, id, "going")).json.data.rsvp.status).toBe("waitlisted");

    const deleted = await call(leaving, "/api/users/me", { method: "DELETE", body: { password: leaving.password } });
    expect(deleted.status).toBe(200);
    expect((await call(waiting, `/api/events/${id}`)).json.data.event.rsvp).toEqual({ status: "going" });
    expect(await notificationsOf(waiting, "event_seat_freed", id)).toBe(1);
    const latecomer = await registerMember(server);
    expect((await rsvp(latecomer, id, "going")).json.data.rsvp).toEqual({ status: "waitlisted", position: 1 });
  });
});

describe("an event shared to the community feed", () => {
  it("is posted once however many times its organiser presses Share at once, in either worker", async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => organise()));
    const share = (id: number) =>
      fetch(`${server.url}/app/events/${id}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: `session=${organiser.token}`, origin: server.url, "x-forwarded-for": organiser.address },
        body: new URLSearchParams({ intent: "share" }),
      });
    const answers = await Promise.all(ids.flatMap((id) => Array.from({ length: 5 }, () => share(id))));
    // A burst of writes across two workers takes turns for the lock (a 503 only if a transaction
    // stalls past the write-lock watch's patience on a starved machine), and never fails.
    expect(answers.filter((answer) => ![302, 503].includes(answer.status))).toEqual([]);
    const posts = withDatabase(server, (db) =>
      ids.map((id) => db.prepare("SELECT count(*) FROM posts WHERE event_id = ?").pluck().get(id) as number),
    );
    expect(posts.every((count) => count <= 1)).toBe(true);
    expect(posts.some((count) => count === 1)).toBe(true);
  });
});
