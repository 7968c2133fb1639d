import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { registerAdmin } from "../support/moderation";
import { multipart } from "../support/multipart";
import { pdfText } from "../support/pdf-text";
import { api, registerMember, startServer, type TestServer } from "../support/server";

/**
 * The education hub with the operator's content, against the real server: admins write courses,
 * lessons and articles (the API, and the admin pages as a browser without JavaScript posts them),
 * members read them, mark lessons done and get a certificate as a PDF; samples only with SEED=1.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

let server: TestServer;
let admin: Member;
let member: Member;

beforeAll(async () => {
  server = await startServer({ APP_URL: "http://hub.example.test" });
  admin = await registerAdmin(server);
  member = await registerMember(server);
});

afterAll(async () => {
  await server?.stop();
});

const call = (who: Member | undefined, pathname: string, init: { method?: string; body?: unknown } = {}) =>
  api(server, pathname, { ...init, token: who?.token, headers: who ? { "x-forwarded-for": who.address } : {} });

/** A page as a signed-in browser without JavaScript gets it. */
async function page(who: Member, pathname: string) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: { cookie: `session=${who.token}`, "x-forwarded-for": who.address },
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** A form posted as a browser without JavaScript posts it. */
async function postForm(who: Member, pathname: string, fields: [string, string][]) {
  const response = await fetch(server.url + pathname, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `session=${who.token}`,
      origin: server.url,
      "x-forwarded-for": who.address,
    },
    body: new URLSearchParams(fields),
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: (await response.text()).replaceAll("<!-- -->", ""),
  };
}

describe("the admin API", () => {
  it("is for admins only: 401 signed out, 403 for a member", async () => {
    // Before any admin writes (this test is the file's first): only samples, so the demo's stated figures, marked.
    const hub = (await page(member, "/app/education")).html;
    expect(hub).toContain("10K+");
    expect(hub).toContain("Sample figures");
    for (const [method, pathname] of [
      ["GET", "/api/admin/education/articles"],
      ["POST", "/api/admin/education/articles"],
      ["GET", "/api/admin/education/courses"],
      ["POST", "/api/admin/education/courses"],
      ["GET", "/api/admin/education/courses/1/lessons"],
      ["PATCH", "/api/admin/education/courses/1"],
      ["DELETE", "/api/admin/education/courses/1/lessons/1"],
      ["POST", "/api/admin/education/images"],
    ] as const) {
      const body = method === "POST" || method === "PATCH" ? { title: "Mine now" } : undefined;
      expect((await call(undefined, pathname, { method, body })).status, `${method} ${pathname}`).toBe(401);
      const refused = await call(member, pathname, { method, body });
      expect(refused.status, `${method} ${pathname}`).toBe(403);
      expect(refused.json).toEqual({ success: false, message: "Only admins can do this." });
    }
  });

  it("refuses content that breaks its rules, naming the field", async () => {
    const untitled = await call(admin, "/api/admin/education/courses", { method: "POST", body: { title: " ", level: "Expert" } });
    expect(untitled.status).toBe(400);
    expect(untitled.json.errors).toMatchObject({ title: "Give it a title", level: "Choose a level" });
    const long = await call(admin, "/api/admin/education/articles", {
      method: "POST",
      body: { title: "Long", body_markdown: "x".repeat(50_001) },
    });
    expect(long.status).toBe(400);
    expect(long.json.errors.body_markdown).toBe("The text must be at most 50,000 characters");
    expect(
      (await call(admin, "/api/admin/education/courses/999999/lessons", { method: "POST", body: { title: "x" } })).status,
    ).toBe(404);
  });

  it("takes a long text in any script, beyond the usual request limit, by the API and by the page's form", async () => {
    const body = "Kompost €€€€ ".repeat(3_800);
    const saved = await call(admin, "/api/admin/education/articles", {
      method: "POST",
      body: { title: "Long read", body_markdown: body },
    });
    expect(saved.status).toBe(201);
    expect(saved.json.data.article.body_markdown).toBe(body);
    const form = await postForm(admin, "/app/admin/education/articles/new", [
      ["intent", "save"],
      ["title", "Long read, by the form"],
      ["body_markdown", body],
    ]);
    expect(form.status).toBe(302);
  });
});

describe("a course from writing to certificate", () => {
  it("is written by an admin, taken by a member lesson by lesson, and completed with a certificate PDF", async () => {
    const created = await call(admin, "/api/admin/education/courses", {
      method: "POST",
      body: {
        title: "Baling cardboard",
        summary: "From loose boxes to a bale a mill buys.",
        topic: "recycling",
        level: "Beginner",
      },
    });
    expect(created.status).toBe(201);
    const course = created.json.data.course;
    expect(course).toMatchObject({ title: "Baling cardboard", is_sample: false, featured: false, lesson_count: 0 });

    // An image for the lesson, through the media store's checks, served back at its address.
    // A photo of some size: well over the 64 KB other requests may send.
    const photo = fs.readFileSync(path.resolve("db/seed-media/sorting-line.jpg"));
    const jpeg = Buffer.concat([photo, Buffer.alloc(600 * 1024 - photo.length)]);
    const upload = await fetch(`${server.url}/api/admin/education/images`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}`, "x-forwarded-for": admin.address },
      body: multipart([["image", jpeg, "bale.jpg", "image/jpeg"]]),
    });
    expect(upload.status).toBe(201);
    const { image } = (await upload.json()).data;
    expect(image.url).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    expect(image.markdown).toBe(`![](${image.url})`);
    const served = await fetch(server.url + image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const notAnImage = await fetch(`${server.url}/api/admin/education/images`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}`, "x-forwarded-for": admin.address },
      body: multipart([["image", Buffer.from("<svg onload=alert(1)>"), "x.jpg", "image/jpeg"]]),
    });
    expect(notAnImage.status).toBe(415);

    const lessons = `/api/admin/education/courses/${course.id}/lessons`;
    const second = await call(admin, lessons, {
      method: "POST",
      body: {
        title: "Tying the bale",
        body_markdown: `Use **wire**.\n\n![A tied bale](${image.url})\n\n<script>alert(1)</script>`,
      },
    });
    expect(second.status).toBe(201);
    const first = await call(admin, lessons, { method: "POST", body: { title: "Flattening boxes", position: 1 } });
    expect(first.json.data.lesson.position).toBe(1);
    expect((await call(admin, lessons)).json.data.lessons.map((lesson: { title: string }) => lesson.title)).toEqual([
      "Flattening boxes",
      "Tying the bale",
    ]);

    // The member reads the course and the lesson, rendered, with nothing of the raw HTML running.
    const hub = await page(member, "/app/education");
    expect(hub.html).toContain("Baling cardboard");
    const coursePage = await page(member, `/app/education/courses/${course.id}`);
    expect(coursePage.html).toContain("Free");
    expect(coursePage.html).not.toContain("Download your certificate");
    const lessonPath = `/app/education/courses/${course.id}/lessons/${second.json.data.lesson.id}`;
    const lessonPage = await page(member, lessonPath);
    expect(lessonPage.html).toContain("<strong>wire</strong>");
    expect(lessonPage.html).toContain(`<img src="${image.url}" alt="A tied bale" loading="lazy">`);
    expect(lessonPage.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(lessonPage.html).not.toContain("<script>alert(1)");

    const certificate = `/api/education/courses/${course.id}/certificate`;
    expect((await call(member, certificate)).status).toBe(404);

    // Without JavaScript: enrol on the course page, mark each lesson done on its own page.
    const enrolled = await postForm(member, `/app/education/courses/${course.id}`, [["intent", "enroll"]]);
    expect(enrolled.status).toBe(302);
    for (const lesson of [first.json.data.lesson, second.json.data.lesson]) {
      const marked = await postForm(member, `/app/education/courses/${course.id}/lessons/${lesson.id}`, [
        ["intent", "lesson"],
        ["lesson", String(lesson.id)],
        ["done", "1"],
      ]);
      expect(marked.status).toBe(302);
      expect(marked.location).toBe(`/app/education/courses/${course.id}/lessons/${lesson.id}`);
    }
    expect((await page(member, `/app/education/courses/${course.id}`)).html).toContain("Download your certificate (PDF)");

    const response = await fetch(server.url + certificate, {
      headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="certificate-CH-[0-9A-F]{10}\.pdf"$/);
    const { pages, text } = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(pages).toBe(1);
    expect(text).toContain("Certificate of completion");
    const name = withDatabase(server, (db) => db.prepare("SELECT username FROM users WHERE id = ?").pluck().get(member.id));
    expect(text).toContain(name);
    expect(text).toContain("Baling cardboard");
    const today = new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    expect(text).toContain(`on ${today}`);
    expect(text).toMatch(/Certificate number CH-[0-9A-F]{10}/);
    // Another member has none.
    expect((await call(admin, certificate)).status).toBe(404);

    // The hub lists it by its number, which stays the member's to download once the course is gone.
    const number = /Certificate number (CH-[0-9A-F]{10})/.exec(text)![1]!;
    const byNumber = `/api/education/certificates/${number}`;
    const listed = (await page(member, "/app/education")).html;
    expect(listed).toContain("Your certificates");
    expect(listed).toContain(`href="${byNumber}"`);
    const deleted = await call(admin, `/api/admin/education/courses/${course.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await call(member, certificate)).status).toBe(404);
    const kept = await fetch(server.url + byNumber, {
      headers: { cookie: `session=${member.token}`, "x-forwarded-for": member.address },
    });
    expect(kept.status).toBe(200);
    expect((await pdfText(new Uint8Array(await kept.arrayBuffer()))).text).toContain("Baling cardboard");
    expect((await call(admin, byNumber)).status).toBe(404);
    expect((await call(member, "/api/education/certificates/CH-nothing")).status).toBe(404);
  });
});

describe("the admin pages without JavaScript", () => {
  it("write an article, show refused fields with what was typed, and delete it after asking", async () => {
    expect((await page(member, "/app/admin/education")).status).toBe(404);
    expect((await postForm(member, "/app/admin/education/articles/new", [["title", "Mine"]])).status).toBe(404);
    const list = await page(admin, "/app/admin/education");
    expect(list.status).toBe(200);
    expect(list.html).toContain("New article");
    // The samples (SEED=1) are listed, marked.
    expect(list.html).toContain("Sample");

    const refused = await postForm(admin, "/app/admin/education/articles/new", [
      ["intent", "save"],
      ["title", ""],
      ["summary", "Kept as typed"],
      ["topic", "recycling"],
      ["body_markdown", "Some *text*"],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Give it a title");
    expect(refused.html).toContain("Kept as typed");

    const saved = await postForm(admin, "/app/admin/education/articles/new", [
      ["intent", "save"],
      ["title", "Why bales need to be dry"],
      ["summary", ""],
      ["topic", ""],
      ["byline", "The site team"],
      ["body_markdown", "Wet card [rots](javascript:fetch`//evil.example`) and weighs more."],
    ]);
    expect(saved.status).toBe(302);
    const id = Number(/^\/app\/admin\/education\/articles\/(\d+)$/.exec(saved.location ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    expect((await call(admin, `/api/admin/education/articles/${id}`)).json.data.article).toMatchObject({
      title: "Why bales need to be dry",
      topic: null,
      byline: "The site team",
    });
    const read = await page(member, `/app/education/articles/${id}`);
    expect(read.html).toContain("Why bales need to be dry");
    expect(read.html).toContain("Wet card rots and weighs more.");
    expect(read.html).not.toContain("javascript:");

    const asking = await page(admin, `/app/admin/education/articles/${id}?delete`);
    expect(asking.html).toContain("Delete the article “Why bales need to be dry”?");
    const deleted = await postForm(admin, `/app/admin/education/articles/${id}`, [["intent", "delete"]]);
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/app/admin/education");
    expect((await page(member, `/app/education/articles/${id}`)).status).toBe(404);
  });
});

describe("the course and lesson pages without JavaScript", () => {
  it("write a featured course, add and move its lessons, and delete one after asking", async () => {
    const created = await postForm(admin, "/app/admin/education/courses/new", [
      ["intent", "save"],
      ["title", "Running a repair café"],
      ["summary", "Volunteers, tools and insurance."],
      ["level", "Intermediate"],
      ["duration", "2 hours"],
      ["featured", "on"],
      ["body_markdown", ""],
    ]);
    expect(created.status).toBe(302);
    const courseId = Number(/^\/app\/admin\/education\/courses\/(\d+)$/.exec(created.location ?? "")?.[1]);
    expect(courseId).toBeGreaterThan(0);
    const lessonsNew = `/app/admin/education/courses/${courseId}/lessons/new`;
    for (const [title, position] of [
      ["Finding a venue", ""],
      ["Insurance", ""],
      ["Why repair", "1"],
    ]) {
      const added = await postForm(admin, lessonsNew, [
        ["intent", "save"],
        ["title", title!],
        ["position", position!],
      ]);
      expect(added.status, title).toBe(302);
    }
    const refused = await postForm(admin, lessonsNew, [
      ["intent", "save"],
      ["title", "Tools"],
      ["position", "first"],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("The position is a whole number from 1");
    const { lessons } = (await call(admin, `/api/admin/education/courses/${courseId}`)).json.data;
    expect(lessons.map((lesson: { position: number; title: string }) => `${lesson.position}. ${lesson.title}`)).toEqual([
      "1. Why repair",
      "2. Finding a venue",
      "3. Insurance",
    ]);
    // The hub features it above the list.
    expect((await page(member, "/app/education")).html).toMatch(/id="featured-title"[^>]*><a [^>]*>Running a repair café</);

    const lessonPage = `/app/admin/education/courses/${courseId}/lessons/${lessons[1].id}`;
    expect((await page(admin, `${lessonPage}?delete`)).html).toContain("Delete the lesson “Finding a venue”?");
    const deleted = await postForm(admin, lessonPage, [["intent", "delete"]]);
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe(`/app/admin/education/courses/${courseId}`);
    const edit = await page(admin, `/app/admin/education/courses/${courseId}`);
    expect(edit.html).toContain("2 lessons");
    expect(edit.html).not.toContain("Finding a venue");
  });
});

describe("the samples", () => {
  it("show marked with SEED=1, and with SEED=0 the hub is empty and says where admins write", async () => {
    expect((await page(member, "/app/education")).html).toContain("Sample");
    // The stated figures show while the hub holds only samples; other tests here added courses of their own.
    const withOwn = (await page(member, "/app/education")).html;
    expect(withOwn).not.toContain("Sample figures");
    expect(withOwn).toMatch(/Courses<\/dt><dd[^>]*>\d+<\/dd>/);
    const bare = await startServer({ SEED: "0" });
    try {
      const [someone, boss] = [await registerMember(bare), await registerAdmin(bare)];
      const get = async (who: Member) =>
        (
          await (
            await fetch(`${bare.url}/app/education`, {
              headers: { cookie: `session=${who.token}`, "x-forwarded-for": who.address },
            })
          ).text()
        ).replaceAll("<!-- -->", "");
      const empty = await get(someone);
      expect(empty).toContain("No courses or articles yet");
      expect(empty).not.toContain("Zero Waste Lifestyle Challenge");
      expect(await get(boss)).toContain('href="/app/admin/education"');
      // Without samples the hub's figures are live, never the demo's stated ones.
      expect(empty).not.toContain("10K+");
      expect(empty).not.toContain("Sample figures");
      const course = await api(bare, "/api/admin/education/courses", {
        method: "POST",
        token: boss.token,
        body: { title: "Sorting plastics at a depot" },
        headers: { "x-forwarded-for": boss.address },
      });
      expect(course.status).toBe(201);
      expect(await get(someone)).toMatch(/Courses<\/dt><dd[^>]*>1<\/dd>/);
    } finally {
      await bare.stop();
    }
  });
});
