// The physical limit of the personalized feed: a bare node:http server doing only what a feed
// request must do. It checks the token's signature (HMAC-SHA256, as the app does once per
// token), runs the very statements the app ran for one warm request of the feed (read from the
// app's LOG_SQL output: the session, the kept lists' fill-ins, the posts, the viewer's
// interactions) on the same SQLite file, and writes the same JSON, serialised on each request.
// The app's CPU per request over this one's is how far the app is from the floor of its own work.
import { createHmac } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import Database from "better-sqlite3";

const statements = /** @type {string[]} */ (JSON.parse(fs.readFileSync(/** @type {string} */ (process.env.FEED_SQL), "utf8")));
const page = JSON.parse(fs.readFileSync(/** @type {string} */ (process.env.FEED_JSON), "utf8"));
const db = new Database(/** @type {string} */ (process.env.DATABASE_PATH));
db.pragma("journal_mode = WAL");
db.pragma("busy_timeout = 100");
const prepared = statements.map((sql) => db.prepare(sql));
const key = "a key only this server knows, to cost what a signature check costs";

http
  .createServer((req, res) => {
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    const [header = "", payload = "", signature = ""] = token.split(".");
    const expected = createHmac("sha256", key).update(`${header}.${payload}`).digest("base64url");
    // Whatever the answer (the key differs from the app's), the work is done; the statements run.
    void (expected === signature);
    for (const statement of prepared) {
      if (statement.reader) statement.all();
      else statement.run();
    }
    const body = JSON.stringify(page);
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.env.PORT), () => console.log("listening"));
