import fs from "node:fs";

// A feed-sized JSON body (a real page of the feed, captured by bench/run.js), read once.
const body = fs.readFileSync(process.env.FEED_JSON ?? "", "utf8");

export function loader() {
  return new Response(body, { headers: { "Content-Type": "application/json; charset=utf-8" } });
}
