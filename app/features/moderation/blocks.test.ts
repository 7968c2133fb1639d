import { describe, expect, it } from "vitest";
import { cachedList } from "~/features/community/cache.server";
import { addMember } from "../../../tests/support/unit-factories";
import { BLOCK_MESSAGES, blockRefusal } from "./blocks";
import { setBlocked } from "./blocks.server";

const ask = (overrides: Partial<Parameters<typeof blockRefusal>[0]> = {}) =>
  blockRefusal({
    blockerId: 1,
    blockedId: 2,
    member: { deleted: false },
    alreadyBlocked: false,
    blocks: 0,
    max: 3,
    ...overrides,
  });

describe("who may block whom", () => {
  it("lets a member block another member who exists", () => {
    expect(ask()).toBeNull();
  });

  it("refuses blocking yourself, an unknown member and a deleted one", () => {
    expect(ask({ blockedId: 1 })).toEqual({ reason: "invalid", message: BLOCK_MESSAGES.blockSelf });
    expect(ask({ member: null })).toEqual({ reason: "not-found", message: BLOCK_MESSAGES.unknownMember });
    expect(ask({ member: { deleted: true } })).toEqual({ reason: "not-found", message: BLOCK_MESSAGES.unknownMember });
  });

  it("stops at the limit, but blocking someone already blocked changes nothing and is never refused for it", () => {
    expect(ask({ blocks: 2 })).toBeNull();
    expect(ask({ blocks: 3 })).toEqual({ reason: "conflict", message: BLOCK_MESSAGES.tooMany(3) });
    expect(ask({ blocks: 3, alreadyBlocked: true })).toBeNull();
  });
});

describe("a block", () => {
  it("makes the community compute its kept lists afresh, as the follows it ends change them", async () => {
    const [blocker, blocked] = [addMember("Ines"), addMember("Joost")];
    let computed = 0;
    const list = () => cachedList("a block's test list", () => ++computed).value;
    expect([list(), list()]).toEqual([1, 1]);
    expect(await setBlocked(await blocker, (await blocked).id, true)).toMatchObject({ ok: true, blocked: true });
    expect(list()).toBe(2);
  });
});
