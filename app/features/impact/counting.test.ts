import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { listingLots, lotOperations, lots } from "../../../db/schema";
import { addListing, addMember } from "../../../tests/support/unit-factories";
import { moveOrder, requestOrder } from "~/features/exchange/orders.server";
import { tellOperationRecorded, type RecordedOperation } from "~/features/lots/operation-recorded.server";
import type { OperationCode } from "../../../db/waste-values";
import type { Viewer } from "~/services/access.server";
import { getDb, transaction } from "~/services/database/db.server";
import { serverTimeZone } from "~/services/http/time-zone.server";
import { resetRateLimits } from "~/services/rate-limit.server";
import { co2eGramsOf } from "./factors";
import { todayIn } from "./periods";
import { impactSummary, platformTotals } from "./store/summary.server";

/**
 * A load through three hands (docs/decisions/043): A hands 1,000 kg of scrap metal to B, B lists
 * 600 kg of that lot and hands it to C, C records an operation. The lots' rows are written here as
 * the lots feature writes them, and its hook is told of the operation as the lots feature tells it.
 */

const ALL_TIME = { from: "0000-01-01", to: "9999-12-31" };
const today = () => todayIn(serverTimeZone());
const g = (kg: number) => Math.round(kg * 1000);

async function completed(seller: Viewer, buyer: Viewer, listingId: number, kg: number) {
  const request = await requestOrder(buyer, { listing_id: listingId, quantity: kg });
  if (!request.ok) throw new Error(request.message);
  const id = request.order.id;
  expect(await moveOrder(seller, id, "accept")).toMatchObject({ ok: true });
  expect(await moveOrder(seller, id, "complete")).toMatchObject({ ok: true });
  expect(await moveOrder(buyer, id, "complete")).toMatchObject({ ok: true, order: { state: "completed" } });
  return id;
}

const scrapMetal = (kg: number) => ({
  category: "metals",
  material: "metals" as const,
  condition: "scrap" as const,
  unit: "kg" as const,
  quantity: kg,
  weightPerUnitKg: null,
  priceCents: 10,
});

async function addLot(holder: Viewer, kg: number, parent?: { id: number; path: string }) {
  const db = getDb();
  const lot = await db
    .insert(lots)
    .values({
      holderId: holder.id,
      material: "metals",
      ewcCodes: ["170405"],
      weightKg: kg,
      weightLeftKg: kg,
      parentLotId: parent?.id ?? null,
      path: "/",
    })
    .returning()
    .get();
  const path = `${parent?.path ?? "/"}${lot.id}/`;
  await db.update(lots).set({ path }).where(eq(lots.id, lot.id)).run();
  return { id: lot.id, path };
}

/** A → B 1,000 kg, then B → C 600 kg from B's lot. */
async function chain() {
  const [a, b, c] = [await addMember("Anvil"), await addMember("Bale"), await addMember("Crucible")];
  const firstOrder = await completed(a, b, await addListing(a, scrapMetal(1000)), 1000);
  const first = await addLot(b, 1000);
  const onwardListing = await addListing(b, scrapMetal(600));
  await getDb().insert(listingLots).values({ listingId: onwardListing, lotId: first.id }).run();
  await completed(b, c, onwardListing, 600);
  const second = await addLot(c, 600, first);
  return { a, b, c, firstOrder, first, second };
}

async function recordOperation(
  made: Awaited<ReturnType<typeof chain>>,
  code: OperationCode,
  kg: number,
  final: boolean,
): Promise<RecordedOperation> {
  return transaction(async (tx) => {
    const operation = await tx
      .insert(lotOperations)
      .values({ lotId: made.second.id, code, weightKg: kg, date: today(), final, recordedBy: made.c.id })
      .returning()
      .get();
    const recorded: RecordedOperation = {
      operation: { id: operation.id, code, final, weightKg: kg, date: operation.date },
      lot: { id: made.second.id, holderId: made.c.id, material: "metals", parentLotId: made.first.id },
      firstHandover: { lotId: made.first.id, noteId: null, orderId: made.firstOrder, transferorId: made.a.id },
    };
    await tellOperationRecorded(tx, recorded);
    return recorded;
  });
}

const own = async (member: Viewer) => (await impactSummary(member, { from: today(), to: today(), days: 1 })).totals;
const treatmentKg = (figures: Awaited<ReturnType<typeof platformTotals>>, treatment: string) =>
  figures.by_treatment.find((row) => row.treatment === treatment)?.weight_kg ?? 0;

beforeEach(() => resetRateLimits());

describe("counting each kilogram once", () => {
  it("counts a load's weight across members at its first hand-over only: 1,000 kg, not 1,600", async () => {
    const before = await platformTotals(ALL_TIME);
    const { a, b, c } = await chain();
    const after = await platformTotals(ALL_TIME);
    expect(after.totals.weight_kg - before.totals.weight_kg).toBe(1000);
    expect(after.totals.transfers - before.totals.transfers).toBe(2);
    expect(after.totals.members - before.totals.members).toBe(3);
    // Each member's own figures still show their part: B both received and handed on.
    expect(await own(a)).toMatchObject({ diverted_kg: 1000, received_kg: 0, fate_pending_kg: 1000 });
    expect(await own(b)).toMatchObject({ diverted_kg: 600, received_kg: 1000, fate_pending_kg: 0, weight_kg: 1600 });
    expect(await own(c)).toMatchObject({ diverted_kg: 0, received_kg: 600, recovered_kg: 0 });
  });

  it("credits the CO2e once, to the first transferor while the fate is pending", async () => {
    const before = await platformTotals(ALL_TIME);
    const { a, b, c } = await chain();
    const expected = co2eGramsOf("metals", "recycled", g(1000)) / 1000;
    expect(await own(a)).toMatchObject({ co2e_kg: expected, fate_pending_co2e_kg: expected });
    expect((await own(b)).co2e_kg).toBe(0);
    expect((await own(c)).co2e_kg).toBe(0);
    const after = await platformTotals(ALL_TIME);
    expect(Math.round((after.totals.co2e_kg - before.totals.co2e_kg) * 1000)).toBe(g(expected));
  });

  it("lets a final operation at C set the treatment across members and take the CO2e, credited once across A, B and C", async () => {
    const made = await chain();
    const before = await platformTotals(ALL_TIME);
    const recorded = await recordOperation(made, "R1", 600, true);
    const after = await platformTotals(ALL_TIME);
    // Told of the same operation again, the ledger writes nothing new.
    await transaction((tx) => tellOperationRecorded(tx, recorded));
    expect(await platformTotals(ALL_TIME)).toEqual(after);
    // The weight is still counted once; 600 kg moved from the expected recycling to energy recovery.
    expect(after.totals.weight_kg).toBe(before.totals.weight_kg);
    expect(treatmentKg(after, "recycled") - treatmentKg(before, "recycled")).toBe(-600);
    expect(treatmentKg(after, "energy_recovery") - treatmentKg(before, "energy_recovery")).toBe(600);

    const pendingAll = co2eGramsOf("metals", "recycled", g(1000));
    const atC = co2eGramsOf("metals", "energy_recovery", g(600));
    const leftWithA = pendingAll - Math.round((pendingAll * 600) / 1000);
    const [a, b, c] = [await own(made.a), await own(made.b), await own(made.c)];
    expect(a).toMatchObject({ diverted_kg: 1000, fate_pending_kg: 400, co2e_kg: leftWithA / 1000 });
    expect(c).toMatchObject({
      received_kg: 600,
      recovered_kg: 600,
      co2e_kg: atC / 1000,
      recovered_co2e_kg: atC / 1000,
      weight_kg: 600,
    });
    expect(b.co2e_kg).toBe(0);
    // Once: the three members' own CO2e add up to what the platform gained from the load.
    const platformGainG = Math.round((after.totals.co2e_kg - before.totals.co2e_kg) * 1000);
    expect(platformGainG).toBe(atC - (pendingAll - leftWithA));
    expect(g(a.co2e_kg) + g(b.co2e_kg) + g(c.co2e_kg)).toBe(leftWithA + atC);
  });

  it("leaves the fate pending after an interim operation (R13, storage)", async () => {
    const made = await chain();
    const before = await platformTotals(ALL_TIME);
    await recordOperation(made, "R13", 600, false);
    expect(await platformTotals(ALL_TIME)).toEqual(before);
    expect(await own(made.a)).toMatchObject({
      fate_pending_kg: 1000,
      co2e_kg: co2eGramsOf("metals", "recycled", g(1000)) / 1000,
    });
    expect(await own(made.c)).toMatchObject({ recovered_kg: 0, co2e_kg: 0 });
  });
});
