// The physical limit of each hot JSON read: a bare node:http server doing only what a request of
// it must do. It checks the token's signature (HMAC-SHA256, as the app does once per token), runs
// the very statements the app ran for one warm request of that read, with the same values (as
// record-statements.js wrote them: the session, the kept lists' fill-ins, the rows, the viewer's
// own), on the same SQLite file, and writes the same JSON, serialised on each request. The app's
// CPU per request over this one's is how far the app is from the floor of its own work.
import { createHmac } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import Database from "better-sqlite3";

/** @typedef {{ sql: string; params: unknown[]; method: "all" | "get" | "run" | "iterate"; raw: boolean; pluck: boolean }} Recorded */
/** @type {Record<string, { statements: Recorded[]; body: unknown }>} by path and query */
const reads = JSON.parse(fs.readFileSync(/** @type {string} */ (process.env.OWN_WORK), "utf8"));
const db = new Database(/** @type {string} */ (process.env.DATABASE_PATH));
db.pragma("journal_mode = WAL");
db.pragma("busy_timeout = 100");
const prepared = new Map(
  Object.entries(reads).map(([target, { statements, body }]) => [
    target,
    {
      body,
      statements: statements.map(({ sql, params, method, raw, pluck }) => {
        const statement = db.prepare(sql);
        if (statement.reader) statement.raw(raw).pluck(pluck);
        // A statement the app iterated is read whole here: the app reads each row it asks for.
        return { statement, params, method: method === "iterate" ? "all" : method };
      }),
    },
  ]),
);
const key = "a key only this server knows, to cost what a signature check costs";

http
  .createServer((req, res) => {
    const read = prepared.get(req.url ?? "");
    if (!read) {
      res.writeHead(404).end();
      return;
    }
    const token =
      (req.headers.authorization ?? "").replace(/^Bearer /, "") || /session=([^;]*)/.exec(req.headers.cookie ?? "")?.[1] || "";
    const [header = "", payload = "", signature = ""] = token.split(".");
    const expected = createHmac("sha256", key).update(`${header}.${payload}`).digest("base64url");
    // Whatever the answer (the key differs from the app's), the work is done; the statements run.
    void (expected === signature);
    for (const { statement, params, method } of read.statements) statement[method](...params);
    const body = JSON.stringify(read.body);
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.env.PORT), () => console.log("listening"));
