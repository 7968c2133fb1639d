import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../support/database";
import { api, registerMember, sqliteEnv, startServer, type TestServer } from "../support/server";

/**
 * `npm run admin -- grant EMAIL` / `revoke EMAIL` against a running server's database: the role
 * takes effect at once, each change is audited as the command line's, and an unknown address or
 * a wrong DATABASE_PATH is one line and exit code 1. Each run starts a process: kept to a few.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
type Run = { code: number | null; stdout: string; stderr: string };

function runAdmin(args: string[], env: Record<string, string>, { viaNpm = false } = {}): Promise<Run> {
  const [command, commandArgs] = viaNpm
    ? ["npm", ["run", "--silent", "admin", "--", ...args]]
    : [process.execPath, [path.join(root, "scripts/admin.js"), ...args]];
  const child = spawn(command, commandArgs as string[], {
    cwd: root,
    env: { ...env, SKIP_BUILD_CHECK: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

function expectOneLineFailure(run: Run, line: string | RegExp) {
  expect(run.code, run.stdout + run.stderr).toBe(1);
  const lines = run.stderr.trim().split("\n");
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(line);
  expect(run.stderr + run.stdout).not.toMatch(/\n\s+at /);
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const auditRows = () => withDatabase(server, (db) => db.prepare("SELECT * FROM audit_log ORDER BY id").all() as any[]);

describe("npm run admin", () => {
  it("grants and revokes the role while the server runs, at once, with an audit row of the command line", async () => {
    const member = await registerMember(server);
    expect((await api(server, "/api/admin/users", { token: member.token })).status).toBe(403);

    const granted = await runAdmin(["grant", member.email.toUpperCase()], server.env, { viaNpm: true });
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout.trim()).toMatch(/is now an admin\.$/);
    expect((await api(server, "/api/admin/users", { token: member.token })).status).toBe(200);
    const shell = await fetch(`${server.url}/app/dashboard`, { headers: { cookie: `session=${member.token}` } }).then((r) =>
      r.text(),
    );
    expect(shell).toContain('href="/app/admin"');
    expect(auditRows()).toEqual([
      expect.objectContaining({ admin_id: null, action: "grant_admin", target_type: "user", target_id: member.id }),
    ]);

    // Asked again: said so, nothing written.
    const again = await runAdmin(["grant", member.email], server.env);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already an admin: nothing changed/);
    expect(auditRows()).toHaveLength(1);

    const revoked = await runAdmin(["revoke", member.email], server.env);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toMatch(/is no longer an admin\./);
    expect((await api(server, "/api/admin/users", { token: member.token })).status).toBe(403);
    expect(auditRows().map((row) => [row.admin_id, row.action])).toEqual([
      [null, "grant_admin"],
      [null, "revoke_admin"],
    ]);
  });

  it("refuses an unknown address, bad usage and a database that is not there, in one line", async () => {
    expectOneLineFailure(
      await runAdmin(["grant", "nobody@example.org"], server.env),
      "No member has the e-mail address nobody@example.org.",
    );
    expectOneLineFailure(await runAdmin(["promote", "x@example.org"], server.env), /^Usage: npm run admin -- grant EMAIL/);

    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "circular-admin-"));
    const missing = path.join(elsewhere, "app.db");
    expectOneLineFailure(
      await runAdmin(["grant", "anyone@example.org"], { ...sqliteEnv(server.env), DATABASE_PATH: missing }),
      `Configuration error: DATABASE_PATH: ${missing} does not exist`,
    );
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });
});
