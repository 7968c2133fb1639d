import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, newClientAddress, registerMember, startServer, type TestServer } from "../support/server";

/**
 * Wrong passwords sent all at once from one address, at the production bcrypt cost (each check
 * takes 250-400 ms of CPU on a loaded 2-core machine): they must not hold up anyone else, and the
 * address that floods is told to wait.
 */
let server: TestServer;
let member: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  server = await startServer({ BCRYPT_COST: "12" });
  // Registered here, so the member's hash is of cost 12 as well.
  member = await registerMember(server);
  // One unknown address first: its check makes the hash an unknown account is compared with,
  // which a running server has long had before any storm.
  await signIn("nobody@example.org", "wrong-password", newClientAddress());
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const BUSY = "Too many sign-ins are being checked right now. Please try again in a few seconds.";

const signIn = (email: string, password: string, address: string) =>
  api(server, "/api/auth/login", { method: "POST", body: { email, password }, headers: { "x-forwarded-for": address } });

/**
 * 30 wrong passwords from one address, each for another unknown account, all at once: more than
 * one address may have checked at once (all threads but one, and 8 waiting) on up to 16 cores.
 */
const storm = (address: string, checkedAt: number[] = []) =>
  Promise.all(
    Array.from({ length: 30 }, async (_, i) => {
      const answer = await signIn(`storm${i}-${address}@example.org`, "wrong-password", address);
      // A 401 is a password that was checked: when the last of those came is when the flood's work ended.
      if (answer.status === 401) checkedAt.push(performance.now());
      return answer;
    }),
  );

describe("a storm of wrong passwords from one address", () => {
  it("does not hold up another address's sign-in, and refuses the flood past its share with 503 and Retry-After", async () => {
    const flooder = newClientAddress();
    const checkedAt: number[] = [];
    const answers = storm(flooder, checkedAt);
    // The storm is in the server's queue before the member signs in.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const started = performance.now();
    const own = await signIn(member.email, member.password, member.address);
    const took = performance.now() - started;
    expect(own.status).toBe(200);
    await answers;
    // Held up, the member would be answered about when the flood's last check was; not held up,
    // after one check of its own, while the flood's share of the threads is still working. Timed
    // against the flood itself, not a clock, so a slower machine slows both.
    const floodTook = Math.max(...checkedAt) - started;
    expect(took).toBeLessThan(0.6 * floodTook);

    const statuses = (await answers).map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 401 && status !== 503)).toEqual([]);
    const refused = (await answers).filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.json).toEqual({ success: false, message: BUSY });
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }

    // Refused before any password was checked, those attempts do not count against the address:
    // it has 30 attempts in the window, less those that were checked.
    const checked = statuses.filter((status) => status === 401).length;
    for (let i = checked; i < 30; i++) {
      expect((await signIn(`after${i}-${flooder}@example.org`, "wrong-password", flooder)).status, `attempt ${i + 1}`).toBe(401);
    }
    const limited = await signIn(`last-${flooder}@example.org`, "wrong-password", flooder);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 90_000);

  it("shows the sign-in page's refusal without JavaScript", async () => {
    const flooder = newClientAddress();
    const pages = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const page = await fetch(`${server.url}/auth/login`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": flooder },
          body: new URLSearchParams({ email: `page${i}-${flooder}@example.org`, password: "wrong-password" }),
        });
        return { status: page.status, retryAfter: page.headers.get("retry-after"), html: await page.text() };
      }),
    );
    const refused = pages.filter((page) => page.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const page of refused) {
      expect(Number(page.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(page.html).toContain(BUSY);
    }
    for (const page of pages.filter((page) => page.status !== 503)) {
      expect(page.status).toBe(401);
      expect(page.html).toContain("Invalid email or password");
    }
  }, 90_000);
});
