import { describe, expect, it } from "vitest";
import { addMember } from "../../../tests/support/unit-factories";
import { statement } from "~/services/database/db.server";
import { ADMIN_USAGE, runAdminCommand } from "./admin-command.server";
import { CANNOT_GRANT_SUSPENDED } from "./members.server";

/**
 * The operator's command in-process, on the unit test's database (its own process, the way an
 * operator runs it, is tested in tests/integration/admin-command.test.ts).
 */

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCommand(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

describe("npm run admin", () => {
  it("answers a blank address with the usage line", async () => {
    for (const blank of ["", " ", "\t"]) {
      expect(await run(["grant", blank])).toEqual({ code: 1, out: [], err: [ADMIN_USAGE] });
    }
  });

  it("refuses to make a suspended member an admin, as the app does, writing nothing", async () => {
    const member = await addMember("Suspended Sid");
    await statement("UPDATE users SET suspended_at = ?, suspended_until = NULL WHERE id = ?").run(Date.now() - 1000, member.id);
    const { email } = (await statement("SELECT email FROM users WHERE id = ?").get(member.id)) as { email: string };
    const audit = async () => ((await statement("SELECT count(*) AS n FROM audit_log").get()) as { n: number }).n;
    const before = await audit();
    expect(await run(["grant", email])).toEqual({ code: 1, out: [], err: [CANNOT_GRANT_SUSPENDED] });
    expect(await statement("SELECT user_type AS role FROM users WHERE id = ?").get(member.id)).toEqual({ role: "user" });
    expect(await audit()).toBe(before);

    // Once the suspension has ended, the grant goes through.
    await statement("UPDATE users SET suspended_until = ? WHERE id = ?").run(Date.now() - 500, member.id);
    expect((await run(["grant", email])).code).toBe(0);
    expect(await statement("SELECT user_type AS role FROM users WHERE id = ?").get(member.id)).toEqual({ role: "admin" });
  });
});
