import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// Runs before each unit test file. The unit project does not isolate its files (vitest.config.ts):
// the app's modules are loaded once per worker rather than once per file, which took most of the
// unit run's time. Each file still starts on an empty database of its own: a copy of one the
// worker migrated once. What modules keep from a database's rows is dropped when it closes
// (keptUntilDatabaseChanges), so nothing read in one file is answered in the next.
const worker = globalThis as { circularUnitDir?: string };
if (!worker.circularUnitDir) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circular-unit-"));
  worker.circularUnitDir = dir;
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  Object.assign(process.env, {
    DATABASE_PATH: path.join(dir, "data", "app.db"),
    UPLOAD_DIR: path.join(dir, "data", "uploads"),
    APP_ENV: "test",
    BCRYPT_COST: "4",
    SEED: "0",
    APP_URL: "http://circular.test",
    ORDER_MAIL_FOLD_SECONDS: "0",
  });
  delete process.env.SMTP_URL;
  delete process.env.JWT_SECRET;
  const { openDatabase, closeOpenedDatabase } = await import("~/services/database/db.server");
  closeOpenedDatabase(openDatabase(path.join(dir, "migrated.db")));
}
const dir = worker.circularUnitDir;
fs.rmSync(path.join(dir, "data"), { recursive: true, force: true });
fs.mkdirSync(path.join(dir, "data"));
fs.copyFileSync(path.join(dir, "migrated.db"), process.env.DATABASE_PATH!);

const { startApp, stopApp } = await import("~/server/start.server");
await startApp();

afterAll(async () => {
  await stopApp();
});
