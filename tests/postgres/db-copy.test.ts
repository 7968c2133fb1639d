import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishPost, requestOrder } from "../support/factories";
import { multipart } from "../support/multipart";
import { startLocalS3, type LocalS3 } from "../support/s3-server";
import { api, registerMember, startServer, type TestServer } from "../support/server";
import { createTestDatabase } from "../support/postgres";

/**
 * `npm run db:copy`: a community that ran on SQLite, moved to PostgreSQL by the operator, serves
 * the same members, posts, listings, orders and photos there; the command refuses a running
 * server, a missing database and a target that already has data, changing nothing.
 */

const PNG = fs.readFileSync(path.resolve("db/seed-media/cargo-bike.png"));

type Member = Awaited<ReturnType<typeof registerMember>>;

let dataDir: string;
let sqliteEnv: Record<string, string>;
let author: Member;
let buyer: Member;
let photoPostId: number;
let photoName: string;
let listingId: number;
let orderId: number;
let platformTotals: unknown;
const databases: { url: string; drop: () => Promise<void> }[] = [];
const servers: TestServer[] = [];
let s3: LocalS3 | undefined;

/** Runs `node scripts/db-copy.js ARGS` as `npm run db:copy` does, with the community's configuration. */
function dbCopy(args: string[], env: Record<string, string> = sqliteEnv) {
  const child = spawn(process.execPath, [path.resolve("scripts/db-copy.js"), ...args], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

async function newDatabase() {
  const database = await createTestDatabase("dbcopy_test");
  databases.push(database);
  return database.url;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Every table's row count on the PostgreSQL database, by table. */
async function rowCounts(url: string) {
  const tables = await query<{ name: string }>(
    url,
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = Number((await query<{ n: string }>(url, `SELECT count(*) AS n FROM "${name}"`))[0]!.n);
  return counts;
}

/** A table's row count in the SQLite database. */
const sqliteCount = (table: string) => {
  const db = new Database(path.join(dataDir, "app.db"), { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  // On SQLite whatever TEST_ENGINE says: an empty DATABASE_URL is unset.
  const server = await startServer({ DATABASE_URL: "" });
  servers.push(server);
  dataDir = server.dataDir;
  sqliteEnv = { ...server.env, DATABASE_URL: "" };
  author = await registerMember(server);
  buyer = await registerMember(server);
  const published = await fetch(`${server.url}/api/posts`, {
    method: "POST",
    headers: { authorization: `Bearer ${author.token}`, "x-forwarded-for": author.address },
    body: multipart([
      ["title", "Zinnia seed swap at the allotment"],
      ["content", "Bring a jar of seeds, take a jar home."],
      ["category", "recycling"],
      ["media_0", PNG, "bike.png", "image/png"],
    ]),
  });
  expect(published.status).toBe(201);
  const post = ((await published.json()) as { data: { post: { id: number; media_urls: string[] } } }).data.post;
  photoPostId = post.id;
  photoName = post.media_urls[0]!.split("/").pop()!;
  await publishPost(server, buyer, { title: "Thanks for the crates" });
  const listing = await api(server, "/api/listings", {
    method: "POST",
    token: author.token,
    headers: { "x-forwarded-for": author.address },
    body: {
      kind: "sale",
      title: "Oak offcuts",
      description: "About a cubic metre of offcuts from the joinery.",
      category: "wood",
      material: "wood",
      condition: "used",
      quantity: 3,
      unit: "t",
      price_cents: 2000,
      location: "Leeds, West Yorkshire",
      handover: "collection",
    },
  });
  expect(listing.status).toBe(201);
  listingId = listing.json.data.listing.id;
  orderId = (await requestOrder(server, buyer, listingId)).id;
  const recorded = await api(server, "/api/impact/entries", {
    method: "POST",
    token: author.token,
    body: { date: "2025-03-14", material: "metals", weight_kg: 250, treatment: "recycled" },
  });
  expect(recorded.status).toBe(201);
  const platform = await api(server, "/api/impact/platform", { token: author.token });
  expect(platform.status).toBe(200);
  platformTotals = platform.json.data.totals;
  expect(platformTotals).toMatchObject({ weight_kg: 250 });

  // The server still running: refused, whatever the target.
  const whileRunning = await dbCopy(["--to", await newDatabase()]);
  expect(whileRunning.code).toBe(1);
  expect(whileRunning.stderr).toContain("is in use: stop the server before copying");
  await server.stop();

  // Lots split from a lot made after them: each must arrive after the one it refers to, whatever its id.
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("foreign_keys = ON");
  const lot = db.prepare(
    "INSERT INTO lots (id, holder_id, material, ewc_codes, weight_kg, weight_left_kg, parent_lot_id, path) VALUES (?, ?, 'metals', '[]', 10, 10, ?, ?)",
  );
  lot.run(901, author.id, null, "901");
  lot.run(900, author.id, 901, "901/900");
  lot.run(899, author.id, 900, "901/900/899");
  db.close();
}, 120_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  await s3?.stop();
  for (const database of databases) await database.drop();
});

describe("npm run db:copy", () => {
  let target: string;

  it("copies every table into an empty PostgreSQL database and checks it, table by table", async () => {
    target = await newDatabase();
    const copy = await dbCopy(["--to", target]);
    expect(copy.stderr).toBe("");
    expect(copy.code).toBe(0);
    expect(copy.stdout).toMatch(/^users: \d+ \/ \d+$/m);
    expect(copy.stdout).toMatch(/^orders: 1 \/ 1$/m);
    expect(copy.stdout).toContain("Checked: every table's row count equal on both sides");
    expect(copy.stdout).toMatch(/Copy complete in [\d.]+ s/);
    // No password in what the command says.
    expect(copy.stdout).not.toContain("circular@");

    for (const table of [
      "users",
      "posts",
      "post_media",
      "listings",
      "orders",
      "impact_entries",
      "impact_platform_days",
      "activity_days",
      "search_words",
    ]) {
      expect((await query<{ n: string }>(target, `SELECT count(*) AS n FROM ${table}`))[0]!.n, table).toBe(
        String(sqliteCount(table)),
      );
    }
    const [post] = await query<{ title: string; author_id: string; words: boolean }>(
      target,
      "SELECT title, author_id, search_vector @@ to_tsquery('simple', 'zinnia') AS words FROM posts WHERE id = $1",
      [photoPostId],
    );
    expect(post).toEqual({ title: "Zinnia seed swap at the allotment", author_id: String(author.id), words: true });
    expect(await query(target, "SELECT id, parent_lot_id FROM lots ORDER BY id")).toEqual([
      { id: "899", parent_lot_id: "900" },
      { id: "900", parent_lot_id: "901" },
      { id: "901", parent_lot_id: null },
    ]);
    expect((await query(target, "SELECT last_value FROM lots_id_seq"))[0]).toEqual({ last_value: "901" });
    // The tables' own triggers are on again.
    const off = await query<{ name: string }>(
      target,
      "SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'",
    );
    expect(off).toEqual([]);
  }, 60_000);

  it("leaves a community the server serves from PostgreSQL: the same sessions, posts, orders and photos, new ids past the copied ones", async () => {
    const server = await startServer({ DATABASE_URL: target, SEED: "0" }, dataDir);
    servers.push(server);
    const post = await api(server, `/api/posts/${photoPostId}`, { token: buyer.token });
    expect(post.status).toBe(200);
    expect(post.json.data.post.title).toBe("Zinnia seed swap at the allotment");
    const order = await api(server, `/api/orders/${orderId}`, { token: buyer.token });
    expect(order.status).toBe(200);
    const photo = await fetch(`${server.url}/media/${photoName}`, { headers: { authorization: `Bearer ${buyer.token}` } });
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
    // The day sums arrive as SQLite kept them, not added to again by PostgreSQL's triggers.
    const platform = await api(server, "/api/impact/platform", { token: author.token });
    expect(platform.json.data.totals).toEqual(platformTotals);
    const newer = await publishPost(server, author, { title: "First post on the new database" });
    expect(newer.id).toBeGreaterThan(photoPostId);
    await server.stop();
  }, 90_000);

  it("refuses a target that already has data, and changes nothing", async () => {
    const before = await rowCounts(target);
    const again = await dbCopy(["--to", target]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^Copy refused: PostgreSQL 127\.0\.0\.1:\d+\/dbcopy_test_\w+ already has data \(rows: .*\): db:copy copies only into an empty database; nothing was changed\n$/,
    );
    expect(await rowCounts(target)).toEqual(before);
  }, 60_000);

  it("refuses a target holding any table with rows, even one not the app's, without migrating it", async () => {
    const other = await newDatabase();
    await query(other, "CREATE TABLE notes (body text)");
    await query(other, "INSERT INTO notes VALUES ('keep me')");
    const copy = await dbCopy(["--to", other]);
    expect(copy.code).toBe(1);
    expect(copy.stderr).toContain("already has data (rows: 1 in notes)");
    expect(await rowCounts(other)).toEqual({ notes: 1 });
  }, 60_000);

  it("refuses a missing SQLite database, and a target that is not PostgreSQL", async () => {
    const target = await newDatabase();
    const missing = await dbCopy(["--to", target], { ...sqliteEnv, DATABASE_PATH: path.join(dataDir, "elsewhere.db") });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`Copy refused: there is no database at ${path.join(dataDir, "elsewhere.db")} (DATABASE_PATH)\n`);
    const mysql = await dbCopy(["--to", "mysql://user@127.0.0.1/circular"]);
    expect(mysql.code).toBe(1);
    expect(mysql.stderr).toContain("Copy refused: --to must be a PostgreSQL URL");
    expect(await rowCounts(target)).toEqual({});
  }, 60_000);

  it("with --media, puts every stored file a row holds in the bucket, and keeps those already there", async () => {
    s3 = await startLocalS3();
    const bucketEnv = s3.env("hub/");
    const env = { ...sqliteEnv, S3_ENDPOINT: bucketEnv.S3_ENDPOINT!, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };
    const stored = fs.readdirSync(path.join(dataDir, "uploads")).filter((name) => !name.startsWith("."));
    expect(stored).toContain(photoName);
    // An upload being received when the server stopped is not a stored file.
    fs.writeFileSync(path.join(dataDir, "uploads", `.upload-${"0".repeat(32)}.part`), "half");
    // Nor is a file that no row holds (a removal that failed): it stays where it is.
    const unheld = `${"f".repeat(32)}.png`;
    fs.writeFileSync(path.join(dataDir, "uploads", unheld), PNG);

    const first = await dbCopy(["--to", await newDatabase(), "--media", "s3://media/hub"], env);
    expect(first.stderr).not.toContain("Copy");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`^Media: ${stored.length} copied .*, 1 that no row holds left out$`, "m"));
    expect(first.stdout).toMatch(new RegExp(`^media: ${stored.length} / ${stored.length} files`, "m"));
    expect(await s3.keys("hub/")).toEqual(stored.map((name) => `hub/${name}`).sort());

    const second = await dbCopy(["--to", await newDatabase(), "--media", "s3://media/hub"], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`Media: 0 copied (0.0 MB), ${stored.length} already in the bucket`);

    const server = await startServer({ DATABASE_URL: databases.at(-1)!.url, SEED: "0", ...bucketEnv }, dataDir);
    servers.push(server);
    fs.rmSync(path.join(dataDir, "uploads", photoName));
    const photo = await fetch(`${server.url}/media/${photoName}`, { headers: { authorization: `Bearer ${buyer.token}` } });
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
    await server.stop();
  }, 120_000);
});
