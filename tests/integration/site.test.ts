import { randomFillSync } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { multipart } from "../support/multipart";
import { withDatabase } from "../support/database";
import { registerAdmin } from "../support/moderation";
import { api, newClientAddress, registerMember, startServer, type TestServer } from "../support/server";
import { startSmtpSink } from "../support/smtp-sink";

/**
 * An instance its operator owns, through the API and the pages as a browser without JavaScript
 * meets them: the name and brand in the header and the mails, their own pages with versions a
 * sign-up accepts, the landing page's counters and testimonials.
 */

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
type Member = Awaited<ReturnType<typeof registerMember>>;
let admin: Member;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startServer({ SMTP_URL: smtp.url, APP_URL: "http://hub.example.test", MAIL_FROM: "hub@example.test" });
  admin = await registerAdmin(server);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const SETTINGS = {
  name: "Tyne Loop",
  tagline: "Newcastle's materials exchange",
  contact_email: "hello@tyneloop.example",
  reply_to: "ops@tyneloop.example",
  brand_colour: "#1d4ed8",
  about: "Run by the Tyne Loop co-operative.",
  mail_footer: "Tyne Loop CIC · company 01234567",
  landing: { show_demo: true, show_testimonials: true, counters: null },
};

/** A page as a visitor without cookies, or a member by their session cookie, gets it. */
async function page(pathname: string, who?: Member) {
  const response = await fetch(server.url + pathname, {
    redirect: "manual",
    headers: who ? { cookie: `session=${who.token}`, "x-forwarded-for": who.address } : {},
  });
  return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
}

const putSite = (body: unknown, who: Member = admin) => api(server, "/api/admin/site", { method: "PUT", body, token: who.token });
const auditActions = () =>
  withDatabase(
    server,
    (db) => db.prepare("SELECT action, target_type, target_id, details FROM audit_log ORDER BY id").all() as any[],
  );

describe("who may change the site", () => {
  it("answers members 403 and visitors 401 on every admin path, and gives anyone the public identity", async () => {
    const member = await registerMember(server);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/site"],
      ["PUT", "/api/admin/site", SETTINGS],
      ["GET", "/api/admin/pages/terms"],
      ["PUT", "/api/admin/pages/terms", { title: "Terms", body_markdown: "Mine now." }],
      ["GET", "/api/admin/testimonials"],
      ["POST", "/api/admin/testimonials", { name: "Me", quote: "Great", rating: 5 }],
      ["PATCH", "/api/admin/testimonials/1", { quote: "Mine" }],
      ["DELETE", "/api/admin/testimonials/1"],
    ];
    for (const [method, path, body] of calls) {
      const asMember = await api(server, path, { method, body, token: member.token });
      expect(asMember.status, `${method} ${path}`).toBe(403);
      expect(asMember.json.message).toBe("Only admins can do this.");
      expect((await api(server, path, { method, body })).status).toBe(401);
    }
    expect(withDatabase(server, (db) => db.prepare("SELECT count(*) AS n FROM site_settings").get())).toEqual({ n: 0 });
    expect((await page("/app/admin/site", member)).status).toBe(404);

    const site = await api(server, "/api/site");
    expect(site.status).toBe(200);
    expect(site.json.site).toEqual({ name: "Circular Hub", tagline: "", logo_url: null, colours: null });
  });
});

describe("the site settings", () => {
  it("refuses a brand colour white text cannot be read on, naming its contrast and a darker shade, and writes nothing", async () => {
    const refused = await putSite({ ...SETTINGS, brand_colour: "#34d399" });
    expect(refused.status).toBe(400);
    expect(refused.json.errors.brand_colour).toMatch(
      /^#34d399 against white has a contrast of 1\.\d\d:1; text needs 4\.5:1\. A darker shade of the same hue, such as #[0-9a-f]{6}, reaches it\.$/,
    );
    expect(withDatabase(server, (db) => db.prepare("SELECT count(*) AS n FROM site_settings").get())).toEqual({ n: 0 });
  });

  it("puts the name in the header, the titles and the mails' sender, with the reply-to and footer the admin set", async () => {
    const saved = await putSite(SETTINGS);
    expect(saved.status).toBe(200);
    expect(saved.json.site).toMatchObject({ name: "Tyne Loop", brand_colour: "#1d4ed8", reply_to: "ops@tyneloop.example" });
    expect(auditActions().at(-1)).toMatchObject({ action: "update_site", target_type: "site", target_id: 1 });
    expect((await page("/app/admin/audit", admin)).html).toContain("Changed the site’s");

    const login = await page("/auth/login");
    expect(login.html).toContain('data-testid="site-name">Tyne Loop</span>');
    expect(login.html).toContain("--color-brand-600:light-dark(#1d4ed8,");
    const landing = await page("/");
    expect(landing.html).toContain("<title>Tyne Loop — the circular-economy network</title>");
    expect(landing.html).toContain('property="og:site_name" content="Tyne Loop"');
    expect(landing.html).toContain("© 2026 Tyne Loop");
    expect((await page("/terms")).html).toContain("<title>Terms of Service · Tyne Loop</title>");
    expect((await page("/app/settings", admin)).html).toContain("<title>Settings · Tyne Loop</title>");
    expect((await page("/marketplace")).html).toContain("<title>Marketplace · Tyne Loop</title>");
    // The pages' words and descriptions name the instance, never the product, once it is named.
    expect(login.html).toContain("Sign in to your Tyne Loop account.");
    expect(login.html).toContain('content="Sign in to Tyne Loop to reach');
    for (const pathname of ["/auth/login", "/auth/register", "/marketplace", "/events"])
      expect((await page(pathname)).html, pathname).not.toContain("Circular Hub");

    const publicSite = await api(server, "/api/site");
    expect(publicSite.json.site).toMatchObject({ name: "Tyne Loop", tagline: "Newcastle's materials exchange" });
    expect(publicSite.json.site.colours.brand).toBe("#1d4ed8");
    expect(publicSite.json.site.colours.light["600"]).toBe("#1d4ed8");

    const member = await registerMember(server);
    await api(server, "/api/auth/forgot-password", {
      method: "POST",
      body: { email: member.email },
      headers: { "x-forwarded-for": newClientAddress() },
    });
    const mail = await smtp.waitFor(member.email, /password/i);
    expect(mail.raw).toMatch(/^From: "?Tyne Loop"? <hub@example\.test>/m);
    expect(mail.raw).toMatch(/^Reply-To: ops@tyneloop\.example/m);
    expect(mail.subject).toBe("Reset your Tyne Loop password");
    // Quoted-printable decodes to bytes: read them as UTF-8.
    const text = Buffer.from(mail.text, "latin1").toString("utf8");
    expect(text).toContain("Tyne Loop CIC · company 01234567");
    expect(text).not.toContain("Circular Hub");
  });
});

/** A PNG of `width` × `height` black pixels, or of noise (which does not compress: about 3 bytes a pixel). */
function png(width: number, height: number, { noise = false } = {}) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = Buffer.alloc(height * (1 + width * 3));
  if (noise) for (let row = 0; row < height; row += 1) randomFillSync(pixels, row * (1 + width * 3) + 1, width * 3);
  const rows = zlib.deflateSync(pixels);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("the logo", () => {
  const putLogo = (bytes: Uint8Array, name = "logo.png") =>
    fetch(`${server.url}/api/admin/site`, {
      method: "PUT",
      headers: { authorization: `Bearer ${admin.token}` },
      body: multipart([
        ["settings", JSON.stringify(SETTINGS)],
        ["logo", bytes, name, "image/png"],
      ]),
    }).then(async (response) => ({ status: response.status, json: await response.json() }));

  it("takes an image by its bytes within its size, serves it in the header, and refuses others", async () => {
    const saved = await putLogo(png(64, 64));
    expect(saved.status).toBe(200);
    const logoUrl = saved.json.site.logo_url as string;
    expect(logoUrl).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const served = await fetch(server.url + logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect((await page("/auth/login")).html).toContain(`<img src="${logoUrl}"`);

    const wide = await putLogo(png(2000, 10));
    expect(wide.status).toBe(400);
    expect(wide.json.errors.logo).toBe("The logo is 2000×10 pixels; it must be at most 1024 pixels a side.");
    const text = await putLogo(new TextEncoder().encode("<svg onload=alert(1)>"), "logo.png");
    expect(text.status).toBe(415);
    expect(text.json.message).toBe("The logo must be a PNG, JPEG, GIF or WebP image.");
    // A PNG's header alone is no picture: it passes by its first bytes and is refused by its end.
    const cut = await putLogo(png(64, 64).subarray(0, 30));
    expect([cut.status, cut.json.message]).toEqual([415, "The logo must be a PNG, JPEG, GIF or WebP image."]);
    expect((await api(server, "/api/site")).json.site.logo_url).toBe(logoUrl);

    // A logo may be as large as the limit says, through the API and the admin's form alike; past it, 413.
    const large = png(200, 200, { noise: true });
    expect(large.byteLength).toBeGreaterThan(100_000);
    expect((await putLogo(large)).status).toBe(200);
    const tooLarge = await putLogo(png(400, 440, { noise: true }));
    expect([tooLarge.status, tooLarge.json.message]).toEqual([413, "The logo must be at most 512 KB."]);

    // A new logo replaces the old, whose file goes.
    const replaced = await putLogo(png(32, 32));
    expect(replaced.json.site.logo_url).not.toBe(logoUrl);
    expect((await fetch(server.url + logoUrl)).status).toBe(404);
  });
});

describe("the operator's own pages", () => {
  it("keeps the shipped text until an admin writes one, then renders each new version sanitized", async () => {
    expect((await api(server, "/api/admin/pages/terms", { token: admin.token })).json.page).toBeNull();
    expect((await page("/terms")).html).toContain("These terms govern your use");
    expect((await api(server, "/api/admin/pages/imprint", { token: admin.token })).status).toBe(404);

    const body =
      "# Our terms\n\nBe **kind**. <script>alert(1)</script> [evil](javascript:alert(1)) [us](mailto:hello@tyneloop.example)";
    const first = await api(server, "/api/admin/pages/terms", {
      method: "PUT",
      body: { title: "Terms of Use", body_markdown: body },
      token: admin.token,
    });
    expect(first.status).toBe(200);
    expect(first.json.page).toMatchObject({ slug: "terms", title: "Terms of Use", version: 1 });
    const second = await api(server, "/api/admin/pages/terms", {
      method: "PUT",
      body: { title: "Terms of Use", body_markdown: `${body}\n\n- one more rule` },
      token: admin.token,
    });
    expect(second.json.page.version).toBe(2);
    expect(auditActions().at(-1)).toMatchObject({ action: "update_page", target_type: "page" });

    const terms = await page("/terms");
    expect(terms.html).toContain("<h2>Our terms</h2>");
    expect(terms.html).toContain("Be <strong>kind</strong>.");
    expect(terms.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(terms.html).not.toContain("<script>alert(1)");
    expect(terms.html).not.toContain('href="javascript:');
    expect(terms.html).toContain('href="mailto:hello@tyneloop.example"');
    expect(terms.html).toContain("version 2");
    expect(terms.html).toContain("<li>one more rule</li>");

    // A page as long as its limit, in letters of two bytes each, is taken whole.
    const long = await api(server, "/api/admin/pages/about", {
      method: "PUT",
      body: { title: "About us", body_markdown: "é".repeat(60_000) },
      token: admin.token,
    });
    expect(long.status).toBe(200);

    const cookies = await page("/cookies");
    expect(cookies.status).toBe(200);
    expect(cookies.html).toContain("only the cookies it needs");
  });

  it("records at sign-up which versions of the terms and privacy notice the member accepted", async () => {
    const version = (await api(server, "/api/admin/pages/terms", { token: admin.token })).json.page.version as number;
    const register = await page("/auth/register");
    expect(register.html).toContain(`Terms of Service (version ${version})`);
    const member = await registerMember(server);
    expect(
      withDatabase(server, (db) =>
        db.prepare("SELECT slug, version FROM page_acceptances WHERE member_id = ? ORDER BY slug").all(member.id),
      ),
    ).toEqual([
      { slug: "privacy", version: 0 },
      { slug: "terms", version },
    ]);
    const exported = (await api(server, "/api/users/export", { token: member.token })).json;
    expect(exported.accepted_pages).toEqual(
      expect.arrayContaining([
        { page: "terms", version, accepted_at: expect.any(String) },
        { page: "privacy", version: 0, accepted_at: expect.any(String) },
      ]),
    );
    expect(exported.testimonials).toEqual([]);
  });
});

describe("the landing page's testimonials", () => {
  it("shows the seeded samples marked as such; an admin's curation replaces them; none leaves the section out", async () => {
    const listed = await api(server, "/api/admin/testimonials", { token: admin.token });
    expect(listed.json.testimonials).toHaveLength(4);
    expect(listed.json.testimonials.every((t: { sample: boolean }) => t.sample)).toBe(true);
    let landing = await page("/");
    expect(landing.html).toContain("What our members say");
    expect(landing.html).toContain("Sample testimonial");

    const changed = await api(server, `/api/admin/testimonials/${listed.json.testimonials[0].id}`, {
      method: "PATCH",
      body: { quote: "Our own words now." },
      token: admin.token,
    });
    expect(changed.json.testimonial).toMatchObject({ quote: "Our own words now.", sample: false });
    expect((await page("/")).html).toContain("Our own words now.");
    expect(
      (await api(server, "/api/admin/testimonials/99999", { method: "PATCH", body: { quote: "x" }, token: admin.token })).status,
    ).toBe(404);

    for (const testimonial of listed.json.testimonials) {
      expect(
        (await api(server, `/api/admin/testimonials/${testimonial.id}`, { method: "DELETE", token: admin.token })).status,
      ).toBe(200);
    }
    landing = await page("/");
    expect(landing.html).not.toContain("What our members say");
    expect(landing.html).not.toContain('aria-labelledby="testimonials-title"');

    const member = await registerMember(server);
    const theirs = await api(server, "/api/admin/testimonials", {
      method: "POST",
      body: {
        name: "Ada Lovell",
        role: "Buyer",
        company: "Lovell Metals",
        quote: "Sold our swarf in a day.",
        rating: 5,
        member_id: member.id,
      },
      token: admin.token,
    });
    expect(theirs.status).toBe(201);
    expect(theirs.json.testimonial).toMatchObject({ shown: false, sample: false, initials: "AL" });
    expect((await page("/")).html).not.toContain("Sold our swarf in a day.");

    // Only that member may agree, on the page the admin sends them.
    const other = await registerMember(server);
    expect((await page(`/app/testimonials/${theirs.json.testimonial.id}`, other)).status).toBe(404);
    const consentPage = await page(`/app/testimonials/${theirs.json.testimonial.id}`, member);
    expect(consentPage.html).toContain("Show my words on the home page");
    const agreed = await fetch(`${server.url}/app/testimonials/${theirs.json.testimonial.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `session=${member.token}`, origin: server.url, "x-forwarded-for": member.address },
      body: new URLSearchParams({}),
    });
    expect(agreed.status).toBe(302);
    landing = await page("/");
    expect(landing.html).toContain("Sold our swarf in a day.");
    expect(landing.html).not.toContain("Sample testimonial");

    // Words changed after the member agreed are not what they agreed to: hidden until they agree again.
    const reworded = await api(server, `/api/admin/testimonials/${theirs.json.testimonial.id}`, {
      method: "PATCH",
      body: { quote: "Best marketplace ever, five stars." },
      token: admin.token,
    });
    expect(reworded.json.testimonial).toMatchObject({ shown: false, quote: "Best marketplace ever, five stars." });
    expect((await page("/")).html).not.toContain("Best marketplace ever");
    expect((await page(`/app/testimonials/${theirs.json.testimonial.id}`, member)).html).toContain(
      "Show my words on the home page",
    );
  });
});

describe("the landing page's counters", () => {
  it("shows the demo's figures marked as samples until an admin sets live ones, and the sign-in page follows them", async () => {
    await putSite({ ...SETTINGS, landing: { ...SETTINGS.landing, counters: null } });
    let landing = await page("/");
    expect(landing.html).toContain("2,500+");
    expect(landing.html).toContain("Sample figures");
    expect((await page("/auth/login")).html).toContain("2,500+ companies already recycle smarter with us. (Sample figure.)");

    const saved = await putSite({
      ...SETTINGS,
      landing: {
        ...SETTINGS.landing,
        counters: [
          { label: "Members", source: "members" },
          { label: "Projects", source: "fixed", value: 42, suffix: "+" },
          { label: "CO2e avoided", source: "co2e_avoided" },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const members = withDatabase(
      server,
      (db) =>
        (db.prepare("SELECT count(*) AS n FROM users WHERE deleted_at IS NULL AND password_hash <> '!'").get() as { n: number })
          .n,
    );
    landing = await page("/");
    expect(landing.html).not.toContain("Sample figures");
    expect(landing.html).toContain(`<dt class="text-sm font-medium text-brand-100">Members</dt>`);
    expect(landing.html).toMatch(new RegExp(`data-testid="stat-value">${members.toLocaleString("en-US")}</dd>`));
    expect(landing.html).toContain('data-testid="stat-value">42+</dd>');
    expect(landing.html).toMatch(/CO2e with the .+ factors; each kilogram counted once\./);
    expect((await page("/auth/login")).html).toContain(
      `${members.toLocaleString("en-US")} members already recycle smarter with us.`,
    );

    const fixedWithoutValue = await putSite({
      ...SETTINGS,
      landing: { ...SETTINGS.landing, counters: [{ label: "X", source: "fixed" }] },
    });
    expect(fixedWithoutValue.status).toBe(400);
    expect(fixedWithoutValue.json.errors["landing.counters.0.value"]).toBe("A fixed counter needs its value");
  });
});

describe("the admin's site page without JavaScript", () => {
  async function postForm(fields: Record<string, string>, who: Member = admin) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = await fetch(`${server.url}/app/admin/site?intent=site`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `session=${who.token}`, origin: server.url, "x-forwarded-for": who.address },
      body: form,
    });
    return {
      status: response.status,
      location: response.headers.get("location"),
      html: (await response.text()).replaceAll("<!-- -->", ""),
    };
  }

  it("saves the settings from the form and shows a refusal in place", async () => {
    const form = await page("/app/admin/site", admin);
    expect(form.status).toBe(200);
    expect(form.html).toMatch(/enctype="multipart\/form-data"/i);
    expect(form.html).toContain('name="brand_colour"');

    const fields = {
      name: "Wear Cycle",
      tagline: "",
      contact_email: "",
      reply_to: "",
      brand_colour: "#b91c1c",
      about: "",
      mail_footer: "",
      show_testimonials: "on",
      counter_label_0: "Members",
      counter_source_0: "members",
    };
    const saved = await postForm(fields);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/app/admin/site");
    expect((await page("/auth/login")).html).toContain('data-testid="site-name">Wear Cycle</span>');
    const site = (await api(server, "/api/admin/site", { token: admin.token })).json.site;
    expect(site.landing).toMatchObject({
      show_demo: false,
      show_testimonials: true,
      counters: [{ label: "Members", source: "members" }],
    });
    expect((await page("/")).html).not.toContain('id="demo"');

    const refused = await postForm({ ...fields, name: "Pale", brand_colour: "#fde047" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("#fde047 against white has a contrast of");
    expect((await api(server, "/api/site")).json.site.name).toBe("Wear Cycle");

    const member = await registerMember(server);
    expect((await postForm(fields, member)).status).toBe(404);
  });
});

describe("an instance started without samples (SEED=0)", () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startServer({ SEED: "0" });
  });
  afterAll(async () => {
    await bare?.stop();
  });

  it("starts with live counters and no testimonials section", async () => {
    const member = await registerMember(bare);
    expect(member.id).toBeGreaterThan(0);
    const members = withDatabase(
      bare,
      (db) => (db.prepare("SELECT count(*) AS n FROM users WHERE deleted_at IS NULL").get() as { n: number }).n,
    );
    const html = (await (await fetch(bare.url + "/")).text()).replaceAll("<!-- -->", "");
    expect(html).not.toContain("Sample figures");
    expect(html).not.toContain("2,500+");
    expect(html).toContain(`<dt class="text-sm font-medium text-brand-100">Members</dt>`);
    expect(html).toContain(`data-testid="stat-value">${members}</dd>`);
    expect(html).toContain(`<dt class="text-sm font-medium text-brand-100">Tonnes diverted</dt>`);
    expect(html).not.toContain("What our members say");
  });
});

describe("several processes (WORKERS=2)", () => {
  let workers: TestServer;
  beforeAll(async () => {
    workers = await startServer({ WORKERS: "2", SEED: "0" });
  });
  afterAll(async () => {
    await workers?.stop();
  });

  /** One request over a new connection (the primary hands each to the next worker in turn). */
  const fresh = (pathname: string, { method = "GET", token, json }: { method?: string; token?: string; json?: unknown } = {}) =>
    new Promise<string>((resolve, reject) => {
      const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      if (payload) Object.assign(headers, { "content-type": "application/json", "content-length": String(payload.length) });
      const request = http.request(`${workers.url}${pathname}`, { method, headers, agent: false }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve(text.replaceAll("<!-- -->", "")));
      });
      request.on("error", reject);
      request.end(payload);
    });

  it("tells every worker of a change: each one's header, landing page and public identity show the new name", async () => {
    const owner = await registerAdmin(workers);
    // Both workers read and keep the shipped identity, and each caches its landing page.
    for (let i = 0; i < 4; i++) {
      expect(JSON.parse(await fresh("/api/site")).site.name).toBe("Circular Hub");
      expect(await fresh("/")).toContain("© 2026 Circular Hub");
    }
    const saved = JSON.parse(
      await fresh("/api/admin/site", { method: "PUT", token: owner.token, json: { ...SETTINGS, name: "Two Workers" } }),
    );
    expect(saved.site.name).toBe("Two Workers");
    // On SQLite the primary relays the news over the channel it hands connections on, so the next
    // request finds it applied. On PostgreSQL it comes through the database a moment later,
    // with nothing ordering it before the other worker's next request (decision 055): both
    // workers show it within moments (new connections alternate between them).
    if (process.env.TEST_ENGINE === "postgres") {
      await vi.waitFor(
        async () => {
          for (let i = 0; i < 2; i++) expect(JSON.parse(await fresh("/api/site")).site.name).toBe("Two Workers");
        },
        { timeout: 3_000, interval: 20 },
      );
    }
    for (let i = 0; i < 4; i++) {
      expect(JSON.parse(await fresh("/api/site")).site.name).toBe("Two Workers");
      const landing = await fresh("/");
      expect(landing).toContain("© 2026 Two Workers");
      expect(landing).not.toContain("Circular Hub —");
    }
  });
});
