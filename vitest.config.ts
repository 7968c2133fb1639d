import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/** What every suite that starts real servers shares. */
const withServers = {
  globalSetup: ["tests/support/api-document-setup.ts", "tests/support/migrated-databases-setup.ts"],
  setupFiles: ["tests/support/fail-on-console-error.ts", "tests/support/stop-left-servers.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
/**
 * Files that drive the server over HTTP and keep no app state of their own in the worker: they
 * share the worker's modules (playwright, the test helpers) instead of loading them once a file.
 * The postgres project's files run the app's modules in the worker itself, and stay isolated.
 */
const sharingModules = { isolate: false };
const UNIT_SETUP = ["tests/support/fail-on-console-error.ts", "tests/support/unit-setup.ts"];
const UNIT_FILES_THAT_MOCK = ["app/features/community/visibility.test.ts"];
/** Browsers are heavy on a 2-core machine: one file at a time. */
const withBrowsers = { ...withServers, testTimeout: 60_000, fileParallelism: false };

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    // Integration files spend most of their time waiting on the server each one starts (and a
    // few on real timers): on CI's 2 cores vitest's default (one fewer worker than cores) would
    // run them one by one. Unit and integration share this count (one group of files).
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts"],
          exclude: UNIT_FILES_THAT_MOCK,
          setupFiles: UNIT_SETUP,
          // The app's modules load once per worker, not once per file (tests/support/unit-setup.ts).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // A file that replaces one of the app's modules (vi.mock) gets modules of its own: in a
          // shared set the stand-in would reach the next files, or come too late for this one.
          name: "unit-isolated",
          include: UNIT_FILES_THAT_MOCK,
          setupFiles: UNIT_SETUP,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          ...withServers,
          ...sharingModules,
        },
      },
      {
        resolve: { alias },
        test: {
          // The integration suite again, each server on a database of its own on the throwaway
          // PostgreSQL (TEST_ENGINE, tests/support/server.ts), but for the files about SQLite's
          // file itself: its backup and restore, damage, lock, query plans and start-up lines,
          // and the export's load tests, whose 100,000-row fixtures are written in SQLite's SQL;
          // and the storm of wrong passwords, whose subject is bcrypt's threads and an address's
          // share of them (a wrong password reads one row, as every sign-in test does on both).
          name: "integration-postgres",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [
            "tests/integration/backup.test.ts",
            "tests/integration/database-damage.test.ts",
            "tests/integration/database-lock.test.ts",
            "tests/integration/export-load.test.ts",
            "tests/integration/export-workers.test.ts",
            "tests/integration/feed-query-plans.test.ts",
            "tests/integration/operations.test.ts",
            "tests/integration/sign-in-storm.test.ts",
          ],
          env: { TEST_ENGINE: "postgres" },
          ...withServers,
          ...sharingModules,
        },
      },
      {
        resolve: { alias },
        test: {
          // On the throwaway PostgreSQL scripts/test.js starts (TEST_POSTGRES_URL).
          name: "postgres",
          include: ["tests/postgres/**/*.test.ts"],
          ...withServers,
        },
      },
      {
        resolve: { alias },
        test: {
          // The browser journeys through writes (ordering, offers, enquiries, events, the ledger,
          // accounts, moderation) again on PostgreSQL. The browser suite's other files check
          // layout, accessibility and scripts on pages whose data the integration suite already
          // reads on both engines; running them twice would not fit CI's time.
          name: "e2e-postgres",
          include: [
            "tests/e2e/account.test.ts",
            "tests/e2e/admin-members.test.ts",
            "tests/e2e/cart-and-members.test.ts",
            "tests/e2e/enquiries.test.ts",
            "tests/e2e/events.test.ts",
            "tests/e2e/exchange-journey.test.ts",
            "tests/e2e/impact-ledger.test.ts",
            "tests/e2e/moderation.test.ts",
            "tests/e2e/notifications.test.ts",
            "tests/e2e/offers.test.ts",
            "tests/e2e/orders.test.ts",
            "tests/e2e/organisation.test.ts",
            "tests/e2e/transfer-notes.test.ts",
            "tests/e2e/waste-listing.test.ts",
          ],
          env: { TEST_ENGINE: "postgres" },
          ...withBrowsers,
          ...sharingModules,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          ...withBrowsers,
          ...sharingModules,
        },
      },
    ],
  },
});
