import { sqliteClient } from "~/services/database/db.server";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { rateLimits } from "../../../db/schema";
import { getDb, transaction, TransactionHeldOpenError } from "./db.server";

// rate_limits is a table with no foreign keys, so a row can be written without setting anything up.
const windowOf = (key: string) => getDb().select().from(rateLimits).where(eq(rateLimits.key, key)).get();
const write = async (key: string) => {
  await getDb().insert(rateLimits).values({ key, resetAt: 1, count: 1 }).run();
};

describe("transaction", () => {
  it("commits what its work wrote once the work's promise resolves", async () => {
    const answer = await transaction(async () => {
      await write("commits");
      await write("commits-too");
      return "done";
    });
    expect(answer).toBe("done");
    expect(await windowOf("commits")).toBeDefined();
    expect(await windowOf("commits-too")).toBeDefined();
  });

  it("writes nothing when the work rejects, and rejects with its error", async () => {
    await expect(
      transaction(async () => {
        await write("rolled-back");
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await windowOf("rolled-back")).toBeUndefined();
  });

  it("rolls back a transaction that waits for I/O, lets other writes through meanwhile, and says so", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const held = transaction(async () => {
      await write("held-open");
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await new Promise((resolve) => setImmediate(resolve));
    // The lock was let go at the turn of the event loop: this write is its own, not the held transaction's.
    await write("written-meanwhile");
    await expect(held).rejects.toBeInstanceOf(TransactionHeldOpenError);
    expect(await windowOf("held-open")).toBeUndefined();
    expect(await windowOf("written-meanwhile")).toBeDefined();
    expect(sqliteClient(getDb()).inTransaction).toBe(false);
    expect(logged).toHaveBeenCalledWith("Database: a transaction waited for I/O while open; it was rolled back");
    logged.mockRestore();
  });

  it("is a savepoint inside another transaction: its rollback keeps the outer one's writes", async () => {
    await transaction(async () => {
      await write("outer");
      await expect(
        transaction(async () => {
          await write("inner");
          throw new Error("inner refused");
        }),
      ).rejects.toThrow("inner refused");
      expect(sqliteClient(getDb()).inTransaction).toBe(true);
    });
    expect(await windowOf("outer")).toBeDefined();
    expect(await windowOf("inner")).toBeUndefined();
  });

  it("makes one begun by other code while another is open wait its turn, not join it", async () => {
    // Two loaders of one request run together: the second's transaction must not become a
    // savepoint of the first, or the first's rollback would take the second's writes with it.
    const failing = transaction(async () => {
      await write("first-refused");
      await Promise.resolve();
      throw new Error("first refused");
    });
    const other = transaction(async () => {
      await write("second-kept");
      return "kept";
    });
    await expect(failing).rejects.toThrow("first refused");
    await expect(other).resolves.toBe("kept");
    expect(await windowOf("first-refused")).toBeUndefined();
    expect(await windowOf("second-kept")).toBeDefined();
    expect(sqliteClient(getDb()).inTransaction).toBe(false);
  });
});
