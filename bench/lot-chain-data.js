// A long chain of lots for the bench: 50 hand-overs one after another, the last held by the
// member who signs in (IMPACT_MEMBER), and 10,000 lots below that one (100 lots listed on from
// it, 99 from each of those), each of the 9,900 at the bottom treated (R3) in part. Every lot has
// its transfer note, so the chain names its businesses as it would.

export const CHAIN_HANDOVERS = 50;
export const CHAIN_CHILDREN = 100;
export const CHAIN_GRANDCHILDREN = 99;

/**
 * @param {import("better-sqlite3").Database} sqlite
 * @param {{ holderId: number | bigint; members: number; now: number }} options
 */
export function insertLotChain(sqlite, { holderId, members, now }) {
  const party = (/** @type {number | bigint} */ id) =>
    JSON.stringify({
      member_id: Number(id),
      member_name: `Member ${id}`,
      legal_name: `Bench Business ${id} Ltd`,
      address: "1 Mill Lane, Leeds",
      postcode: "LS1 4AP",
      country: "GB",
      sic_code: "38110",
      roles: ["producer"],
      carrier_registration: null,
      permit_number: null,
      exemption_reference: null,
      site_name: null,
    });
  const carrier = JSON.stringify({
    name: "Bench Haulage Ltd",
    registration_number: "CBDU123456",
    reason_for_no_registration: null,
    means_of_transport: "ROAD",
    vehicle_registration: null,
  });
  const insertNote =
    sqlite.prepare(`INSERT INTO transfer_notes (number, transferor_id, transferee_id, issued_at, transferred_at, place,
    transferor, transferee, carrier, waste, hierarchy_declaration, signatures, retain_until, weight_kg)
    VALUES (?, ?, ?, ?, ?, 'Leeds', ?, ?, ?, ?, 1, '[]', ?, ?)`);
  const insertLot =
    sqlite.prepare(`INSERT INTO lots (holder_id, material, ewc_codes, weight_kg, weight_left_kg, state, parent_lot_id, path, note_id, created_at)
    VALUES (?, 'paper', '["191201"]', ?, ?, ?, ?, '', ?, ?)`);
  const setPath = sqlite.prepare("UPDATE lots SET path = ? WHERE id = ?");
  const setNoteLot = sqlite.prepare("UPDATE transfer_notes SET lot_id = ? WHERE id = ?");
  const insertOperation = sqlite.prepare(
    "INSERT INTO lot_operations (lot_id, code, weight_kg, date, final, recorded_by, created_at) VALUES (?, 'R3', ?, ?, 1, ?, ?)",
  );
  // The chain's notes are numbered after the year's notes written before it (insertTransferNotes).
  const numbered = /** @type {{ last: number } | undefined} */ (
    sqlite.prepare("SELECT last FROM transfer_note_numbers WHERE year = 2025").get()
  );
  let count = numbered?.last ?? 0;
  /**
   * @param {number | bigint} from @param {number | bigint} to @param {number} weightKg @param {number} leftKg
   * @param {{ id: number | bigint; path: string } | null} parent @param {number} at
   */
  const handOver = (from, to, weightKg, leftKg, parent, at) => {
    count++;
    const waste = JSON.stringify({
      ewc_codes: [{ code: "191201", description: "paper and cardboard" }],
      description: "Sorted paper",
      physical_form: "Solid",
      container_type: "BAL",
      containers: 1,
      quantity: weightKg,
      unit: "kg",
      weight_kg: weightKg,
      weight_is_estimate: false,
    });
    const noteId = insertNote.run(
      `CH-2025-${String(count).padStart(6, "0")}`,
      from,
      to,
      at,
      at,
      party(from),
      party(to),
      carrier,
      waste,
      at + 730 * 86_400_000,
      weightKg,
    ).lastInsertRowid;
    const lotId = insertLot.run(
      to,
      weightKg,
      leftKg,
      leftKg > 0 ? "open" : "closed",
      parent?.id ?? null,
      noteId,
      at,
    ).lastInsertRowid;
    const path = `${parent?.path ?? "/"}${lotId}/`;
    setPath.run(path, lotId);
    setNoteLot.run(lotId, noteId);
    return { id: lotId, path };
  };
  const member = (/** @type {number} */ i) => 1 + (i % members);
  const start = now - 200 * 86_400_000;
  sqlite.transaction(() => {
    /** @type {{ id: number | bigint; path: string } | null} */
    let lot = null;
    /** @type {number | bigint} */
    let holder = member(0);
    for (let i = 1; i <= CHAIN_HANDOVERS; i++) {
      const to = i === CHAIN_HANDOVERS ? holderId : member(i);
      lot = handOver(holder, to, 100_000, 0, lot, start + i * 3_600_000);
      holder = to;
    }
    for (let c = 0; c < CHAIN_CHILDREN; c++) {
      const child = handOver(holderId, member(100 + c), 1000, 10, lot, start + (60 + c) * 3_600_000);
      for (let g = 0; g < CHAIN_GRANDCHILDREN; g++) {
        const drawn = member(300 + c * CHAIN_GRANDCHILDREN + g);
        const to = drawn === member(100 + c) ? member(301 + c * CHAIN_GRANDCHILDREN + g) : drawn;
        const at = start + (200 + c * CHAIN_GRANDCHILDREN + g) * 60_000;
        const grandchild = handOver(member(100 + c), to, 10, 2, child, at);
        insertOperation.run(grandchild.id, 8, new Date(at + 86_400_000).toISOString().slice(0, 10), to, at);
      }
    }
    sqlite
      .prepare(
        "INSERT INTO transfer_note_numbers (year, last) VALUES (2025, ?) ON CONFLICT (year) DO UPDATE SET last = excluded.last",
      )
      .run(count);
  })();
}
