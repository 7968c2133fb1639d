// The floor with this app's adapter: the minimal React Router app behind a plain node:http server
// with `createRequestListener`, as server.js serves the app, without its static files,
// compression, security headers or access log. What the stack costs before the app does anything.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

process.env.NODE_ENV ??= "production";
const { createRequestListener } = await import("@react-router/node");
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = await import(path.join(root, "minimal-app/build/server/index.js"));

http
  .createServer(createRequestListener({ build, mode: "production" }))
  .listen(Number(process.env.PORT), () => console.log("listening"));
