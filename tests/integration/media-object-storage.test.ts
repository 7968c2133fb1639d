import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { multipart, type Part } from "../support/multipart";
import { startLocalS3, type LocalS3 } from "../support/s3-server";
import { api, registerMember, runServerExpectingExit, startServer, type TestServer } from "../support/server";

/**
 * Media in an S3-compatible bucket (MEDIA_STORE), against a real S3 server on this machine: what is
 * uploaded is an object under the prefix, served back at /media in full and in ranges as from the
 * disk, removed with its post, never left behind by a refused upload, and /healthz says when the
 * bucket stops answering.
 */

const PREFIX = "hub/media/";
const PNG = fs.readFileSync(path.resolve("db/seed-media/cargo-bike.png"));

let s3: LocalS3;
let deadBucket: net.Server | undefined;
let server: TestServer;
let author: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  s3 = await startLocalS3();
  server = await startServer(s3.env(PREFIX));
  author = await registerMember(server);
});

afterAll(async () => {
  await server?.stop();
  await s3?.stop();
  await new Promise((resolve) => (deadBucket ? deadBucket.close(resolve) : resolve(undefined)));
});

const objectNames = async () => (await s3.keys(PREFIX)).map((key) => key.slice(PREFIX.length));
const text: Part[] = [
  ["title", "Crate library for the market"],
  ["content", "We lend reusable crates to traders."],
  ["category", "recycling"],
];

async function publishWithPhoto(parts: Part[] = text) {
  const response = await fetch(`${server.url}/api/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${author.token}` },
    body: multipart([...parts, ["media_0", PNG, "bike.png", "image/png"]]),
  });
  return { status: response.status, json: await response.json() };
}

const LISTING = {
  kind: "sale",
  title: "Oak offcuts",
  description: "About a cubic metre of offcuts from the joinery.",
  category: "wood",
  material: "wood",
  condition: "scrap",
  quantity: 1,
  unit: "piece",
  weight_per_unit_kg: 120,
  price_cents: 2000,
  location: "Leeds, West Yorkshire",
  handover: "collection",
};

/** The server process's highest memory so far, as the kernel counts it (VmHWM). */
const peakMemoryOf = (pid: number) =>
  Number(/^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;

const fileNameOf = (url: string) => url.split("/").pop()!;

describe("media in an S3-compatible bucket", () => {
  it("holds the sample content's pictures, each under its stored name, none left on the disk", async () => {
    const seeded = withDatabase(
      server,
      (db) => db.prepare("SELECT file_name AS name FROM post_media").all() as { name: string }[],
    );
    expect(seeded.length).toBeGreaterThan(0);
    expect(await objectNames()).toEqual(expect.arrayContaining(seeded.map((row) => row.name)));
    expect(fs.readdirSync(path.join(server.dataDir, "uploads"))).toEqual([]);
    expect(server.logs()).toContain(`Media: stored in s3://media/${PREFIX} at ${s3.endpoint}`);
  });

  it("stores an uploaded photo as an object under the prefix and serves it at /media, whole and in ranges", async () => {
    const published = await publishWithPhoto();
    expect(published.status).toBe(201);
    const url: string = published.json.data.post.media_urls[0];
    const name = fileNameOf(url);
    expect(await objectNames()).toContain(name);
    // Nothing of it stays on the disk: the temporary file went once the request was done.
    expect(fs.readdirSync(path.join(server.dataDir, "uploads"))).toEqual([]);

    const whole = await fetch(server.url + url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("image/png");
    expect(whole.headers.get("content-length")).toBe(String(PNG.length));
    expect(whole.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const etag = whole.headers.get("etag");
    expect(etag).toBe(`"${name.slice(0, 16)}-${PNG.length.toString(16)}"`);
    expect(Buffer.from(await whole.arrayBuffer()).equals(PNG)).toBe(true);

    const part = await fetch(server.url + url, { headers: { range: "bytes=100-1123" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-1123/${PNG.length}`);
    expect(part.headers.get("content-length")).toBe("1024");
    expect(Buffer.from(await part.arrayBuffer()).equals(PNG.subarray(100, 1124))).toBe(true);

    const tail = await fetch(server.url + url, { headers: { range: "bytes=-10" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(PNG.subarray(PNG.length - 10))).toBe(true);

    const beyond = await fetch(server.url + url, { headers: { range: `bytes=${PNG.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${PNG.length}`);
    await beyond.arrayBuffer();

    const again = await fetch(server.url + url, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    await again.arrayBuffer();
  });

  it("keeps the server's memory flat while eight members send 38 MB each at once", { timeout: 120_000 }, async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => registerMember(server)));
    // One Blob for every part, a JPEG by its first bytes: the test's own memory holds 9.5 MB.
    const jpeg = fs.readFileSync(path.resolve("db/seed-media/sorting-line.jpg"));
    const file = new Blob([Buffer.concat([jpeg, Buffer.alloc(9.5 * 1024 * 1024 - jpeg.length)])], { type: "image/jpeg" });
    const sent = members.length * 4 * file.size;
    const before = peakMemoryOf(server.pid);

    const statuses = await Promise.all(
      members.map(async (member) => {
        const form = multipart(text);
        for (let index = 0; index < 4; index++) form.append(`media_${index}`, file, `crate-${index}.jpg`);
        const response = await fetch(`${server.url}/api/posts`, {
          method: "POST",
          headers: { authorization: `Bearer ${member.token}` },
          body: form,
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );

    expect(statuses).toEqual(members.map(() => 201));
    // Streamed PUTs raise the peak by about 50 MB, as uploads to the disk do; lib-storage's Upload
    // for every file raised it by 150 MB (it holds each 5 MB part and reads ahead). A third of
    // what was sent is a wide margin on a loaded machine.
    expect(peakMemoryOf(server.pid) - before).toBeLessThan(sent / 3);
  });

  it("stores an event's photo in the bucket and serves it", async () => {
    const hour = (days: number, hours = 0) =>
      new Date(Math.floor((Date.now() + days * 86_400_000) / 3_600_000) * 3_600_000 + hours * 3_600_000)
        .toISOString()
        .replace(".000Z", "+00:00");
    const fields = {
      title: "Repair café at the library",
      kind: "repair_cafe",
      starts_at: hour(7),
      ends_at: hour(7, 3),
      time_zone: "Europe/London",
      place: "Leeds Central Library",
      description: "Bring a broken toaster.",
    };
    const response = await fetch(`${server.url}/api/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${author.token}` },
      body: multipart([
        ...Object.entries(fields).map(([name, value]): Part => [name, value]),
        ["photo", PNG, "poster.png", "image/png"],
      ]),
    });
    expect(response.status).toBe(201);
    const url: string = (await response.json()).data.event.photo_url;
    expect(await objectNames()).toContain(fileNameOf(url));
    const served = await fetch(server.url + url);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("removes the object when its post is deleted", async () => {
    const published = await publishWithPhoto();
    const post = published.json.data.post as { id: number; media_urls: string[] };
    const name = fileNameOf(post.media_urls[0]!);
    expect(await objectNames()).toContain(name);

    expect((await api(server, `/api/posts/${post.id}`, { method: "DELETE", token: author.token })).status).toBe(200);
    expect(await objectNames()).not.toContain(name);
    expect((await fetch(server.url + post.media_urls[0]!)).status).toBe(404);
  });

  it("does not serve a hidden post's photo to others, and serves it to its author, privately", async () => {
    const post = (await publishWithPhoto()).json.data.post as { id: number; media_urls: string[] };
    withDatabase(server, (db) => db.prepare("UPDATE posts SET hidden_at = ? WHERE id = ?").run(Date.now(), post.id));
    const url = server.url + post.media_urls[0]!;
    const reader = await registerMember(server);

    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(url, { headers: { cookie: `session=${reader.token}` } })).status).toBe(404);
    const own = await fetch(url, { headers: { cookie: `session=${author.token}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("leaves no object behind when a post is refused after its photo was received", async () => {
    const before = await objectNames();
    // The title comes after the photo, so the photo is received and accepted before the post is refused.
    const refused = await publishWithPhoto([
      ["content", "No title"],
      ["category", "recycling"],
    ]);
    expect(refused.status).toBe(400);
    expect(await objectNames()).toEqual(before);
    expect(fs.readdirSync(path.join(server.dataDir, "uploads"))).toEqual([]);
  });

  it("removes a member's post and listing photos from the bucket when they erase their account", async () => {
    const leaving = await registerMember(server);
    const send = (pathname: string, parts: Part[]) =>
      fetch(server.url + pathname, {
        method: "POST",
        headers: { authorization: `Bearer ${leaving.token}` },
        body: multipart(parts),
      }).then((response) => response.json());
    const photo: Part = ["photo_0", PNG, "offcuts.png", "image/png"];
    const listing = await send("/api/listings", [
      ...Object.entries(LISTING).map(([name, value]): Part => [name, String(value)]),
      photo,
    ]);
    const post = await send("/api/posts", [...text, ["media_0", PNG, "bike.png", "image/png"]]);
    const names = [listing.data.listing.photos[0].url, post.data.post.media_urls[0]].map(fileNameOf);
    expect(await objectNames()).toEqual(expect.arrayContaining(names));

    const erased = await fetch(`${server.url}/app/settings/delete-account`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `session=${leaving.token}`, origin: server.url, "x-forwarded-for": leaving.address },
      body: new URLSearchParams({ password: leaving.password }),
    });
    expect(erased.status).toBe(302);
    await erased.arrayBuffer();
    const left = await objectNames();
    expect(names.filter((name) => left.includes(name))).toEqual([]);
  });

  it("keeps the site's logo in the bucket: served, replaced with its object removed, and none left by a refused save", async () => {
    const admin = await registerMember(server);
    withDatabase(server, (db) => db.prepare("UPDATE users SET user_type = 'admin' WHERE id = ?").run(admin.id));
    const settings = { name: "Tyne Loop", contact_email: "hello@tyneloop.example", brand_colour: "#1d4ed8" };
    // The logo first: it is received and put in the bucket before the settings are read.
    const putLogo = (fields: Record<string, unknown>) =>
      fetch(`${server.url}/api/admin/site`, {
        method: "PUT",
        headers: { authorization: `Bearer ${admin.token}` },
        body: multipart([
          ["logo", PNG, "logo.png", "image/png"],
          ["settings", JSON.stringify(fields)],
        ]),
      }).then(async (response) => ({ status: response.status, json: await response.json() }));

    const saved = await putLogo(settings);
    expect(saved.status).toBe(200);
    const first = fileNameOf(saved.json.site.logo_url);
    expect(await objectNames()).toContain(first);
    const served = await fetch(`${server.url}/media/${first}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const before = await objectNames();
    // Settings that are not valid refuse the save once the logo is in the bucket; too light a
    // brand colour refuses it once the logo has its stored name.
    for (const wrong of [
      { ...settings, name: "" },
      { ...settings, brand_colour: "#fefefe" },
    ]) {
      const refused = await putLogo(wrong);
      expect(refused.status).toBe(400);
      expect(await objectNames()).toEqual(before);
    }

    const replaced = await putLogo(settings);
    const second = fileNameOf(replaced.json.site.logo_url);
    const after = await objectNames();
    expect(after).toContain(second);
    expect(after).not.toContain(first);
  });

  it(
    "says in `npm run backup` that the bucket's media are not in it, and in `npm run restore` where restored files must go",
    { timeout: 60_000 },
    async () => {
      const work = fs.mkdtempSync(path.join(path.dirname(server.dataDir), "circular-s3-backup-"));
      const run = async (script: "backup" | "restore", args: string[], env: Record<string, string>) => {
        const child = spawn(process.execPath, [path.resolve(`scripts/${script}.js`), ...args], {
          env: { ...env, SKIP_BUILD_CHECK: "1" },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        const code = await new Promise((resolve) => child.on("exit", resolve));
        return { code, output };
      };
      // npm run backup copies a SQLite database (on PostgreSQL it points to pg_dump: backup.test.ts).
      const sqlite = server.env.DATABASE_URL ? await startServer(s3.env(PREFIX), undefined, { engine: "sqlite" }) : server;
      try {
        const backup = await run("backup", [path.join(work, "bucket.tar.gz")], sqlite.env);
        expect(backup.code, backup.output).toBe(0);
        expect(backup.output).toContain(`Media: those in s3://media/${PREFIX} (MEDIA_STORE) are not copied`);

        // A backup made while media were on the disk, restored where MEDIA_STORE is set: the files
        // land in UPLOAD_DIR, which that server does not serve from.
        const diskEnv = Object.fromEntries(Object.entries(sqlite.env).filter(([name]) => !/^(MEDIA_STORE|S3_)/.test(name)));
        const uploads = path.join(work, "disk-uploads");
        fs.mkdirSync(uploads);
        fs.writeFileSync(path.join(uploads, `${"a".repeat(32)}.png`), PNG);
        const diskBackup = await run("backup", [path.join(work, "disk.tar.gz")], { ...diskEnv, UPLOAD_DIR: uploads });
        expect(diskBackup.code, diskBackup.output).toBe(0);
        const target = path.join(work, "restored");
        const restored = await run("restore", [path.join(work, "disk.tar.gz")], {
          ...sqlite.env,
          DATABASE_PATH: path.join(target, "app.db"),
          UPLOAD_DIR: path.join(target, "uploads"),
        });
        expect(restored.code, restored.output).toBe(0);
        expect(restored.output).toContain(
          `Media: MEDIA_STORE is set, so the server serves media from s3://media/${PREFIX}, not ${path.join(target, "uploads")}: copy these files into it`,
        );
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
        if (sqlite !== server) await sqlite.stop();
      }
    },
  );

  it("removes, once its process stopped an hour ago, the object of an upload whose submission never ended, and keeps one a row holds", async () => {
    const prefix = "stopped/";
    const stopping = await startServer(s3.env(prefix));
    try {
      const member = await registerMember(stopping);
      const uploads = path.join(stopping.dataDir, "uploads");
      const published = await fetch(`${stopping.url}/api/posts`, {
        method: "POST",
        headers: { authorization: `Bearer ${member.token}` },
        body: multipart([...text, ["media_0", PNG, "bike.png", "image/png"]]),
      });
      expect(published.status).toBe(201);
      const held = fileNameOf((await published.json()).data.post.media_urls[0]);
      const before = new Set(await s3.keys(prefix));

      // A submission whose photo was received and put in the bucket, and whose rest never comes.
      const boundary = "----stopped-upload";
      const head = (name: string, file = "") =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file && `; filename="${file}"\r\nContent-Type: image/png`}\r\n\r\n`;
      const request = http.request(`${stopping.url}/api/posts`, {
        method: "POST",
        headers: { authorization: `Bearer ${member.token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      request.on("error", () => {});
      request.write(head("title") + "Crates left half-sent\r\n");
      request.write(Buffer.concat([Buffer.from(head("media_0", "bike.png")), PNG, Buffer.from(`\r\n${head("content")}We lend`)]));
      let put: string[] = [];
      for (const deadline = Date.now() + 10_000; !put.length && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        put = (await s3.keys(prefix)).filter((key) => !before.has(key));
      }
      expect(put).toHaveLength(1);
      // As the process would leave a submission whose rows were written when it stopped: the note
      // of its object still there.
      fs.writeFileSync(path.join(uploads, `.upload-${"e".repeat(32)}.object`), held);

      process.kill(stopping.pid, "SIGKILL");
      await stopping.stop();
      request.destroy();
      const left = fs.readdirSync(uploads).sort();
      expect(left.filter((name) => name.endsWith(".object"))).toHaveLength(2);
      expect(left.filter((name) => name.endsWith(".part"))).toHaveLength(1);

      // Started again within the hour: nothing is swept yet.
      const soon = await startServer(s3.env(prefix), stopping.dataDir);
      await soon.stop();
      expect(fs.readdirSync(uploads).sort()).toEqual(left);
      expect(await s3.keys(prefix)).toContain(put[0]);

      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
      for (const name of left) fs.utimesSync(path.join(uploads, name), twoHoursAgo, twoHoursAgo);
      const again = await startServer(s3.env(prefix), stopping.dataDir);
      await again.stop();
      expect(again.logs()).toContain("Removed 1 file of uploads a stopped process left in the bucket");
      expect(fs.readdirSync(uploads)).toEqual([]);
      const keys = await s3.keys(prefix);
      expect(keys).not.toContain(put[0]);
      expect(keys).toContain(prefix + held);
    } finally {
      await stopping.stop();
    }
  });

  it("answers /healthz 503 naming the media store when the bucket stops answering", async () => {
    const healthy = await fetch(`${server.url}/healthz`);
    const healthyBody = await healthy.json();
    expect(healthyBody).toEqual({ status: "ok", database: "ok", media: "ok", storage: "ok" });
    expect(healthy.status).toBe(200);

    await s3.stop();
    // Its port stays taken, by a listener that drops every connection: a server another test
    // file starts meanwhile could get the freed port and answer the app's calls (a 404).
    deadBucket = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => deadBucket!.listen(Number(new URL(s3.endpoint).port), "127.0.0.1", resolve));
    // One look at the bucket answers /healthz for two seconds: asked until it is a new one.
    let down = await fetch(`${server.url}/healthz`);
    for (const deadline = Date.now() + 20_000; down.status === 200 && Date.now() < deadline;) {
      await down.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 250));
      down = await fetch(`${server.url}/healthz`);
    }
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable", database: "ok", media: "unavailable", storage: "ok" });

    // Meanwhile an upload is refused to be tried again, not failed, and leaves nothing on the disk;
    // a file is answered the same way.
    const refused = await publishWithPhoto();
    expect(refused.status).toBe(503);
    expect(refused.json).toMatchObject({
      success: false,
      message: "Files cannot be stored right now. Please try again in a minute.",
    });
    expect(fs.readdirSync(path.join(server.dataDir, "uploads"))).toEqual([]);
    const seeded = withDatabase(
      server,
      (db) => db.prepare("SELECT file_name AS name FROM post_media LIMIT 1").get() as { name: string },
    );
    const file = await fetch(`${server.url}/media/${seeded.name}`);
    expect(file.status).toBe(503);
    expect(file.headers.get("retry-after")).toBe("60");
    await file.arrayBuffer();
    await expect.poll(() => server.logs()).toMatch(/Media store: an upload could not be stored: /);
  });
});

describe("MEDIA_STORE at start", () => {
  it("refuses a malformed value, missing keys, and a bucket that does not answer, naming the setting", async () => {
    const keys = { S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };
    const malformed = await runServerExpectingExit({ MEDIA_STORE: "https://media/hub", ...keys });
    expect(malformed.code).not.toBe(0);
    expect(malformed.stderr).toContain("MEDIA_STORE must be s3://bucket or s3://bucket/prefix");

    const keyless = await runServerExpectingExit({ MEDIA_STORE: "s3://media/hub" });
    expect(keyless.code).not.toBe(0);
    expect(keyless.stderr).toContain("S3_ACCESS_KEY_ID must be set when MEDIA_STORE is");

    const unreachable = await runServerExpectingExit({
      MEDIA_STORE: "s3://media/hub",
      S3_ENDPOINT: "http://127.0.0.1:9",
      ...keys,
    });
    expect(unreachable.code).not.toBe(0);
    expect(unreachable.stderr).toContain("MEDIA_STORE: media cannot be stored: the bucket media answered nothing");
    // Nothing was created for a start that failed.
    expect(fs.existsSync(path.join(unreachable.dataDir, "app.db"))).toBe(false);
  });
});
