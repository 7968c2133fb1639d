// The ceiling: a bare node:http server answering a feed-sized JSON body.
import fs from "node:fs";
import http from "node:http";

const body = fs.readFileSync(/** @type {string} */ (process.env.FEED_JSON), "utf8");
http
  .createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.env.PORT), () => console.log("listening"));
