import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { hashPassword, passwordComparisonsStarted, verifyPassword } from "~/features/auth/password.server";

const ADDRESS = "192.0.2.1";

/** A thread's nice value (Linux keeps one per thread): the 19th field of its stat line. */
function niceValueOf(task: string): number {
  const stat = fs.readFileSync(`/proc/self/task/${task}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

describe("password hashing", () => {
  it("hashes with bcrypt and verifies only the same password", async () => {
    const hash = await hashPassword("correct horse", ADDRESS);
    expect(hash).toMatch(/^\$2[aby]\$04\$/);
    expect(await verifyPassword("correct horse", hash, ADDRESS)).toBe(true);
    expect(await verifyPassword("correct horsf", hash, ADDRESS)).toBe(false);
    expect(await verifyPassword("correct horse", "not-a-hash", ADDRESS)).toBe(false);
  });

  it("costs one bcrypt comparison whatever the stored hash", async () => {
    for (const hash of [await hashPassword("correct horse", ADDRESS), "!", "not-a-hash", ""]) {
      const before = passwordComparisonsStarted();
      expect(await verifyPassword("correct horsf", hash, ADDRESS)).toBe(false);
      expect(passwordComparisonsStarted() - before, hash).toBe(1);
    }
  });

  it.runIf(process.platform === "linux")("hashes on a thread of lower priority than the server's", async () => {
    await hashPassword("burst of logins", ADDRESS);
    expect(fs.readdirSync("/proc/self/task").map(niceValueOf)).toContain(10);
    // The main thread (whose id is the process id) keeps its priority.
    expect(niceValueOf(String(process.pid))).toBe(0);
  });
});
