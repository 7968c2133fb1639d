import { afterEach, describe, expect, it, vi } from "vitest";
import { logAccess, logLine } from "./log.server";

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("the access log", () => {
  it("writes the lines of several requests at once, within 50 ms, and before any other line", async () => {
    vi.useFakeTimers();
    const written = vi.spyOn(console, "log").mockImplementation(() => {});
    logAccess("GET /api/feed/personalized 200 1.2ms");
    logAccess("GET /api/orders/7 200 0.8ms\nforged line");
    // Not on the next turn of the event loop: requests answered in the next few turns join them.
    vi.advanceTimersByTime(10);
    expect(written).not.toHaveBeenCalled();
    vi.advanceTimersByTime(40);
    expect(written.mock.calls).toEqual([["GET /api/feed/personalized 200 1.2ms\nGET /api/orders/7 200 0.8ms forged line"]]);

    logAccess("GET /app/dashboard 200 3.1ms");
    logLine("Digest: 3 mails sent");
    expect(written.mock.calls.slice(1)).toEqual([["GET /app/dashboard 200 3.1ms"], ["Digest: 3 mails sent"]]);
    vi.advanceTimersByTime(50);
    expect(written).toHaveBeenCalledTimes(3);
  });
});
