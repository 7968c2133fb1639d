import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import "./fail-on-console-error";

// Each unit test file gets its own database in a fresh folder, migrated by startApp().
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circular-unit-"));
Object.assign(process.env, {
  DATABASE_PATH: path.join(dir, "app.db"),
  UPLOAD_DIR: path.join(dir, "uploads"),
  APP_ENV: "test",
  BCRYPT_COST: "4",
  SEED: "0",
  APP_URL: "http://circular.test",
  ORDER_MAIL_FOLD_SECONDS: "0",
});
delete process.env.SMTP_URL;
delete process.env.JWT_SECRET;

const { startApp, stopApp } = await import("~/server/start.server");
await startApp();

afterAll(async () => {
  await stopApp();
  fs.rmSync(dir, { recursive: true, force: true });
});
