import { describe, expect, it, vi } from "vitest";
import {
  MAX_WAITING,
  MAX_WAITING_PER_ADDRESS,
  passwordThreadCount,
  passwordThreadsState,
  runPasswordTask,
  threadsPerAddress,
  turnKeyOf,
} from "~/features/auth/password-threads.server";
import { BusyError } from "~/services/http/busy";

/** A hash of cost 8: some 20 ms of work, long enough for tasks to queue up behind each other. */
const hashTask = { op: "hash", password: "correct horse", cost: 8 } as const;

/** Settles to what became of the task: "done", or the refusal's Retry-After. */
const outcome = (task: Promise<unknown>) =>
  task.then(
    () => "done" as const,
    (error: unknown) => {
      if (error instanceof BusyError) return { refused: error.retryAfterSeconds };
      throw error;
    },
  );

describe("password threads", () => {
  it("sizes the pool from the cores each process gets", () => {
    expect(passwordThreadCount(8, 1)).toBe(8);
    expect(passwordThreadCount(1, 1)).toBe(1);
    expect(passwordThreadCount(8, 3)).toBe(2);
    expect(passwordThreadCount(2, 4)).toBe(1);
  });

  it("gives an address that comes late its turn before a flooding address's queue is through", async () => {
    const finished: string[] = [];
    const track = (name: string, address: string) =>
      runPasswordTask(address, hashTask).then(() => {
        finished.push(name);
      });
    const flood = Array.from({ length: MAX_WAITING_PER_ADDRESS }, (_, i) => track(`flood-${i}`, "192.0.2.10"));
    const late = track("late", "192.0.2.11");
    await Promise.all([...flood, late]);
    // Served after at most one more task of the flood per thread, not after all of them.
    expect(finished.indexOf("late")).toBeLessThan(finished.length - 2);
  });

  it("refuses an address past its share of waiting tasks, with a wait, and still serves others", async () => {
    const accepted = Array.from({ length: threadsPerAddress() + MAX_WAITING_PER_ADDRESS }, () =>
      runPasswordTask("192.0.2.20", hashTask),
    );
    const refused = outcome(runPasswordTask("192.0.2.20", hashTask));
    const other = outcome(runPasswordTask("192.0.2.21", hashTask));
    expect(await refused).toEqual({ refused: expect.any(Number) });
    expect(((await refused) as { refused: number }).refused).toBeGreaterThanOrEqual(1);
    expect(await other).toBe("done");
    await Promise.all(accepted);
    expect(passwordThreadsState().waiting).toBe(0);
  });

  it("when the process is full, refuses the newest task of the longest queue rather than a newcomer", async () => {
    const threads = passwordThreadCount();
    const flooders = Math.ceil(MAX_WAITING / MAX_WAITING_PER_ADDRESS);
    const running = Array.from({ length: threads }, (_, i) => outcome(runPasswordTask(`192.0.2.${30 + i}`, hashTask)));
    const waiting = Array.from({ length: flooders }, (_, f) =>
      Array.from({ length: MAX_WAITING_PER_ADDRESS }, () => outcome(runPasswordTask(`198.51.100.${f}`, hashTask))),
    );
    expect(passwordThreadsState().waiting).toBe(MAX_WAITING);
    const newcomer = outcome(runPasswordTask("203.0.113.1", hashTask));
    expect(await newcomer).toBe("done");
    const results = await Promise.all(waiting.flat());
    expect(results.filter((result) => result !== "done")).toHaveLength(1);
    // The one refused was the last one queued by the first of the longest queues.
    expect(await waiting[0]!.at(-1)).toEqual({ refused: expect.any(Number) });
    await Promise.all(running);
  }, 30_000);

  it("replaces a thread that crashes: its task is refused, the waiting ones are served", async () => {
    const consoleError = vi.mocked(console.error);
    const failOnError = consoleError.getMockImplementation();
    const logged: string[] = [];
    consoleError.mockImplementation((line: unknown) => logged.push(String(line)));
    try {
      const threads = passwordThreadCount();
      const crashes = Array.from({ length: threads }, (_, i) => outcome(runPasswordTask(`192.0.2.${40 + i}`, { op: "exit" })));
      const waiting = runPasswordTask<string>("203.0.113.2", hashTask);
      expect(await Promise.all(crashes)).toEqual(Array(threads).fill({ refused: expect.any(Number) }));
      expect(await waiting).toMatch(/^\$2[aby]\$08\$/);
      expect(logged).toHaveLength(threads);
      expect(logged[0]).toBe("A password thread stopped (exit code 1) during a task; that request was answered 503");
      expect(passwordThreadsState()).toEqual({ threads, waiting: 0 });
    } finally {
      consoleError.mockImplementation(failOnError!);
    }
  });
});

describe("whose turn a task waits in", () => {
  it("is the IPv4 address, an IPv4-mapped one read as IPv4, or an IPv6 address's /64", () => {
    expect(turnKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(turnKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(turnKeyOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(turnKeyOf("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(turnKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(turnKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(turnKeyOf("unknown")).toBe("unknown");
  });
});
