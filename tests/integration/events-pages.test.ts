import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { multipart } from "../support/multipart";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * The events' pages as a browser without JavaScript meets them: a member organises an event and
 * another says they are going through plain forms; the organiser sees who and cancels with a
 * reason; visitors read public events (never the samples) without signing in, and the landing
 * page and the sitemap name them.
 */

const APP_URL = "https://hub.example.org";
const PNG = fs.readFileSync(path.resolve("db/seed-media/cargo-bike.png"));
const DAY = 86_400_000;

let server: TestServer;
type Member = Awaited<ReturnType<typeof registerMember>>;
let organiser: Member;
let member: Member;

beforeAll(async () => {
  server = await startServer({ APP_URL });
  [organiser, member] = [await registerMember(server), await registerMember(server)];
});

afterAll(async () => {
  await server?.stop();
});

async function page(pathname: string, who?: Member) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: who ? { cookie: `session=${who.token}`, "x-forwarded-for": who.address } : {},
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: (await response.text()).replaceAll("<!-- -->", ""),
  };
}

async function post(pathname: string, body: FormData | URLSearchParams, who: Member) {
  const response = await fetch(server.url + pathname, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: `session=${who.token}`, origin: server.url, "x-forwarded-for": who.address },
    body,
  });
  const cookie = /(?:^|,\s*)toast=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  const toast = cookie ? Buffer.from(decodeURIComponent(cookie).split(".")[0]!, "base64").toString("utf8") : undefined;
  return {
    status: response.status,
    location: response.headers.get("location"),
    toast,
    html: (await response.text()).replaceAll("<!-- -->", ""),
  };
}

/** A date and time `days` from now on London's clock, as a datetime-local field sends it. */
const local = (days: number, hour: number) => {
  const day = new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, "0")}:00`;
};

const eventForm = (fields: Record<string, string> = {}) => ({
  title: "Bike repair evening",
  kind: "repair_cafe",
  starts_at: local(9, 18),
  ends_at: local(9, 21),
  time_zone: "Europe/London",
  place: "The Old Fire Station, Leeds",
  capacity: "1",
  description: "Punctures, brakes and gears.",
  ...fields,
});

async function organiseByForm(fields: Record<string, string> = {}) {
  const body = multipart(Object.entries(eventForm(fields)));
  const created = await post("/app/events/new", body, organiser);
  expect(created.status, created.html.slice(0, 300)).toBe(302);
  return Number(/^\/app\/events\/(\d+)$/.exec(created.location ?? "")?.[1]);
}

describe("organising and answering with plain forms", () => {
  it("creates an event from the form, with its photo, shown on its clock with the zone named", async () => {
    const body = multipart([
      ...Object.entries(eventForm({ starts_at: "2027-07-03T18:00", ends_at: "2027-07-03T21:00" })),
      // A phone's photo runs to megabytes, far past what a form without files may send.
      ["photo", Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), "bikes.png", "image/png"],
    ]);
    const created = await post("/app/events/new", body, organiser);
    expect(created.status).toBe(302);
    expect(created.toast).toContain("Your event is published.");
    const shown = await page(created.location!, organiser);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Bike repair evening");
    // 18:00 in London in July is 17:00 UTC; the page shows London's clock and names the zone.
    expect(shown.html).toContain("Saturday, July 3, 2027, 18:00 – 21:00 (Europe/London, GMT+1)");
    expect(shown.html).toMatch(/<img src="\/media\/[0-9a-f]{32}\.png"/);
    expect(shown.html).toContain('href="/events/');
    expect(shown.html).toContain("Add to calendar (.ics)");
    expect(shown.html).toContain('data-slot="event-results"');
  });

  it("shows the form again with the reasons beside the fields", async () => {
    const refused = await post(
      "/app/events/new",
      multipart(Object.entries(eventForm({ title: "", ends_at: local(9, 17) }))),
      organiser,
    );
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("There is a problem");
    expect(refused.html).toContain("The title is required");
    expect(refused.html).toContain('value="The Old Fire Station, Leeds"');
  });

  it("takes a member's answer, waits the next past the capacity, and shows the organiser who answered", async () => {
    const id = await organiseByForm();
    const going = await post(`/app/events/${id}`, new URLSearchParams({ intent: "going" }), member);
    expect(going.status).toBe(302);
    expect(going.location).toBe(`/app/events/${id}`);
    expect(going.toast).toContain("You are going.");
    expect((await page(`/app/events/${id}`, member)).html).toContain("Your answer: <strong>Going</strong>");

    const late = await registerMember(server);
    const waiting = await post(`/app/events/${id}`, new URLSearchParams({ intent: "going" }), late);
    expect(waiting.toast).toContain("waiting list");
    expect((await page(`/app/events/${id}`, late)).html).toContain("number 1 in line");

    const own = await page(`/app/events/${id}`, organiser);
    expect(own.html).toContain("Who answered");
    expect(own.html).toContain(`/api/events/${id}/attendees/export`);
    expect(own.html).toContain("On the waiting list (1)");
    // Another member sees no list and no edit link.
    expect((await page(`/app/events/${id}`, member)).html).not.toContain("Who answered");
    expect((await page(`/app/events/${id}/edit`, member)).status).toBe(404);
  });

  it("lets the organiser edit and then cancel with a reason, shown on the page", async () => {
    const id = await organiseByForm({ capacity: "" });
    const edit = await page(`/app/events/${id}/edit`, organiser);
    expect(edit.status).toBe(200);
    expect(edit.html).toContain(`value="${local(9, 18)}"`);
    const saved = await post(
      `/app/events/${id}/edit`,
      new URLSearchParams({ ...eventForm({ capacity: "" }), intent: "edit", title: "Bike repair night" }),
      organiser,
    );
    expect(saved.status).toBe(302);
    expect((await page(`/app/events/${id}`, organiser)).html).toContain("Bike repair night");

    const noReason = await post(`/app/events/${id}/edit`, new URLSearchParams({ intent: "cancel", reason: "" }), organiser);
    expect(noReason.status).toBe(400);
    expect(noReason.html).toContain("Say why the event is cancelled");
    const cancelled = await post(
      `/app/events/${id}/edit`,
      new URLSearchParams({ intent: "cancel", reason: "The hall roof leaks" }),
      organiser,
    );
    expect(cancelled.status).toBe(302);
    const shown = await page(`/app/events/${id}`, member);
    expect(shown.html).toContain("This event is cancelled.");
    expect(shown.html).toContain("The hall roof leaks");
    expect(shown.html).not.toContain("I&#x27;m going");
  });

  it("lists events with the samples marked, and a month grid with links to the months around it", async () => {
    const list = await page("/app/events", member);
    expect(list.status).toBe(200);
    expect(list.html).toContain("Sample event");
    const sampleId = withDatabase(
      server,
      (db) => db.prepare("SELECT id FROM events WHERE is_sample = 1 LIMIT 1").pluck().get() as number,
    );
    expect((await page(`/app/events/${sampleId}`, member)).html).toContain("This is a sample event: it takes no answers.");
    const month = new Date(Date.now() + 9 * DAY).toISOString().slice(0, 7);
    const grid = await page(`/app/events?view=month&month=${month}`, member);
    expect(grid.status).toBe(200);
    expect(grid.html).toContain("Previous month");
    expect(grid.html).toContain("Bike repair evening");
  });
});

describe("sharing an event to the community feed", () => {
  it("posts it once as a local event whose card links to the event's page", async () => {
    const id = await organiseByForm({ title: "Tool library launch" });
    expect((await page(`/app/events/${id}`, organiser)).html).toContain("Share to the community feed");
    expect((await post(`/app/events/${id}`, new URLSearchParams({ intent: "share" }), member)).toast).toContain(
      "Only the member who organises this event can change it.",
    );
    const shared = await post(`/app/events/${id}`, new URLSearchParams({ intent: "share" }), organiser);
    expect(shared.toast).toContain("Your event is in the community feed.");
    const feed = await api(server, "/api/feed/personalized?sortBy=recent&limit=50", {
      token: member.token,
      headers: { "x-forwarded-for": member.address },
    });
    const sharedPost = feed.json.data.posts.find((candidate: { event_id: number | null }) => candidate.event_id === id);
    expect(sharedPost).toMatchObject({
      title: "Tool library launch",
      post_type: "event",
      is_local_event: true,
      location_name: "The Old Fire Station, Leeds",
    });
    expect((await page(`/app/community?post=${sharedPost.id}`, member)).html).toContain(`href="/app/events/${id}"`);
    expect((await post(`/app/events/${id}`, new URLSearchParams({ intent: "share" }), organiser)).toast).toContain(
      "already in the community feed",
    );
    expect((await page(`/app/events/${id}`, organiser)).html).toContain("Shared to the community feed.");
  });
});

describe("events for visitors", () => {
  it("shows public events without signing in, never the samples, with the organiser's name only and a Sign in to RSVP link", async () => {
    const id = await organiseByForm({ title: "Public seed swap" });
    const sampleId = withDatabase(
      server,
      (db) => db.prepare("SELECT id FROM events WHERE is_sample = 1 LIMIT 1").pluck().get() as number,
    );
    const list = await page("/events");
    expect(list.status).toBe(200);
    expect(list.html).toContain("Public seed swap");
    expect(list.html).not.toContain("Sample event");
    expect(list.html).not.toContain("Saturday repair café");
    expect(list.html).not.toContain(organiser.email);

    const one = await page(`/events/${id}`);
    expect(one.status).toBe(200);
    expect(one.html).toContain("Sign in to RSVP");
    expect(one.html).toContain('<meta property="og:title" content="Public seed swap"/>');
    expect(one.html).toContain(`<meta property="og:url" content="${APP_URL}/events/${id}"/>`);
    expect(one.html).not.toContain(organiser.email);
    expect(one.html).not.toContain(`/app/members/${organiser.id}`);
    expect((await page(`/events/${sampleId}`)).status).toBe(404);

    // A member is sent on to the members' page.
    const signedIn = await page(`/events/${id}`, member);
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe(`/app/events/${id}`);
  });

  it("names public events in the sitemap and the next three on the landing page", async () => {
    const id = await organiseByForm({ title: "Tomorrow's litter pick", starts_at: local(1, 10), ends_at: local(1, 12) });
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${APP_URL}/events/${id}</loc>`);
    expect(sitemap).toContain(`<loc>${APP_URL}/events</loc>`);
    const sampleId = withDatabase(
      server,
      (db) => db.prepare("SELECT id FROM events WHERE is_sample = 1 LIMIT 1").pluck().get() as number,
    );
    expect(sitemap).not.toContain(`/events/${sampleId}<`);
    const landing = await page("/");
    expect(landing.html).toContain("Coming up");
    expect(landing.html).toContain("Tomorrow&#x27;s litter pick");
  });

  it("answers an unknown event's pages with 404 and a way back", async () => {
    for (const pathname of ["/app/events/999999", "/app/events/abc", "/app/events/01", "/app/events/999999/edit"]) {
      const shown = await page(pathname, member);
      expect(shown.status, pathname).toBe(404);
      expect(shown.html).toContain("Event not found");
      expect(shown.html).toContain("Back to events");
    }
    const answered = await post("/app/events/999999", new URLSearchParams({ intent: "going" }), member);
    expect(answered.status).toBe(302);
    expect(answered.toast).toContain("This event does not exist.");
    expect((await page("/events/abc")).status).toBe(404);
    expect((await page("/events/999999")).status).toBe(404);
  });

  it("answers the API's events to members only", async () => {
    expect((await api(server, "/api/events")).status).toBe(401);
  });
});
