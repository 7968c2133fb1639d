import { afterEach, describe, expect, it, vi } from "vitest";
import { addMember } from "../../tests/support/unit-factories";
import {
  EXPORT_BUSY_RETRY_AFTER_SECONDS,
  EXPORT_LEASE_MS,
  EXPORTS_PER_HOUR,
  exportLeaseCount,
  exportStream,
  startExport,
  type ExportLease,
} from "./member-exports.server";

async function started(memberId: number, kind: "account" | "impact", now?: number): Promise<ExportLease> {
  const outcome = await startExport(memberId, kind, now);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.lease;
}

/** A stream of `count` pieces that notes each piece as it is made. */
function counted(lease: ExportLease, count: number, signal = new AbortController().signal) {
  const made: string[] = [];
  const stream = exportStream(
    () => {
      if (made.length === count) return null;
      made.push(`piece ${made.length + 1}`);
      return `${made.at(-1)}\n`;
    },
    { lease, signal },
  );
  return { made, stream };
}

const turns = (n: number) => new Promise<void>((resolve) => setTimeout(resolve, n));

describe("starting a member's export", () => {
  it("refuses a second of the same kind while one runs, with a wait, and allows it once the first ends", async () => {
    const member = await addMember("Exporting");
    const first = await started(member.id, "impact");
    expect(await startExport(member.id, "impact")).toEqual({
      ok: false,
      message: "Your previous download of this export is still running. Please wait for it to finish.",
      retryAfterSeconds: EXPORT_BUSY_RETRY_AFTER_SECONDS,
    });
    // The other kind, and another member, are not held up.
    await started(member.id, "account");
    await started((await addMember("Other exporter")).id, "impact");
    expect(await exportLeaseCount()).toBeGreaterThanOrEqual(3);
    await new Response(counted(first, 0).stream).text();
    expect((await startExport(member.id, "impact")).ok).toBe(true);
    expect((await startExport(member.id, "account")).ok).toBe(false);
  });

  it("lets a new download take a lease its holder stopped pushing on (a process that died)", async () => {
    const member = await addMember("Crashed");
    const now = Date.now();
    await started(member.id, "account", now);
    expect((await startExport(member.id, "account", now + EXPORT_LEASE_MS - 1)).ok).toBe(false);
    expect((await startExport(member.id, "account", now + EXPORT_LEASE_MS)).ok).toBe(true);
  });

  it(`allows ${EXPORTS_PER_HOUR} downloads of a kind an hour, then says how long to wait`, async () => {
    const member = await addMember("Eager");
    const now = Date.now();
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) {
      await new Response(counted(await started(member.id, "impact", now + i), 1).stream).text();
    }
    const refused = await startExport(member.id, "impact", now + 60_000);
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("59 minutes") });
    expect(refused.ok === false && refused.retryAfterSeconds).toBe(3540);
    // The refusal leaves no lease behind, and the other kind has its own allowance.
    expect((await startExport(member.id, "account", now + 60_000)).ok).toBe(true);
    expect((await startExport(member.id, "impact", now + 3_600_000)).ok).toBe(true);
  });
});

describe("sending an export", () => {
  it("makes a piece only when the one before was taken, and releases the lease at the end", async () => {
    const member = await addMember("Slow reader");
    const { made, stream } = counted(await started(member.id, "impact"), 5);
    const reader = stream.getReader();
    await turns(20);
    expect(made).toHaveLength(0);
    expect((await reader.read()).value).toEqual(new TextEncoder().encode("piece 1\n"));
    await turns(20);
    expect(made).toHaveLength(1);
    for (let i = 0; i < 4; i++) await reader.read();
    expect((await startExport(member.id, "impact")).ok).toBe(false);
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect((await startExport(member.id, "impact")).ok).toBe(true);
  });

  it("lets other work run between pieces when the client reads as fast as it can", async () => {
    const member = await addMember("Fast reader");
    const order: string[] = [];
    const stream = exportStream(
      () => {
        if (order.filter((what) => what === "piece").length === 5) return null;
        order.push("piece");
        return "x";
      },
      { lease: await started(member.id, "impact"), signal: new AbortController().signal },
    );
    let other = true;
    const otherWork = () => {
      order.push("other");
      if (other) setImmediate(otherWork);
    };
    setImmediate(otherWork);
    await new Response(stream).text();
    other = false;
    const pieces = order.map((what, i) => [what, i] as const).filter(([what]) => what === "piece");
    // Between each piece and the next, other work ran.
    for (let i = 1; i < pieces.length; i++) expect(order.slice(pieces[i - 1]![1], pieces[i]![1])).toContain("other");
  });

  it("stops reading and releases the lease when the client goes away, or cancels", async () => {
    const member = await addMember("Gone");
    const client = new AbortController();
    const { made, stream } = counted(await started(member.id, "impact"), 100, client.signal);
    const reader = stream.getReader();
    await reader.read();
    client.abort();
    expect((await startExport(member.id, "account")).ok).toBe(true);
    const lease = await startExport(member.id, "impact");
    expect(lease.ok).toBe(true);
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(made).toHaveLength(1);

    const other = await addMember("Cancelled");
    const cancelled = counted(await started(other.id, "impact"), 100);
    const cancelledReader = cancelled.stream.getReader();
    await cancelledReader.read();
    await cancelledReader.cancel();
    expect((await startExport(other.id, "impact")).ok).toBe(true);
    expect(cancelled.made).toHaveLength(1);
  });

  it("releases the lease when a piece fails", async () => {
    const member = await addMember("Failing");
    const stream = exportStream(
      () => {
        throw new Error("disk gone");
      },
      { lease: await started(member.id, "impact"), signal: new AbortController().signal },
    );
    await expect(new Response(stream).text()).rejects.toThrow("disk gone");
    expect((await startExport(member.id, "impact")).ok).toBe(true);
  });

  describe("over a long download", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("pushes the lease on as pieces go out, and stops when a newer download took a lease it let lapse", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const member = await addMember("Long download");
      const reader = counted(await started(member.id, "impact"), 100).stream.getReader();
      await reader.read();
      vi.setSystemTime(Date.now() + 30_000);
      await reader.read();
      // 70 s after the start, 40 s after the last piece: still held.
      vi.setSystemTime(Date.now() + 40_000);
      expect((await startExport(member.id, "impact")).ok).toBe(false);
      await reader.read();
      // The client then reads nothing for longer than the lease, and the member starts again.
      vi.setSystemTime(Date.now() + EXPORT_LEASE_MS);
      expect((await startExport(member.id, "impact")).ok).toBe(true);
      await expect(reader.read()).rejects.toThrow("The export's lease was taken by a newer download.");
      // The newer download keeps its lease.
      expect((await startExport(member.id, "impact")).ok).toBe(false);
    });
  });
});
