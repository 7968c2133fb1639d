import { describe, expect, it } from "vitest";
import { formRowsFor, MAX_RESULT_LINES, RESULTS_REFUSALS, resultsFromForm, resultsRefusal, resultsSchema } from "./results";

const now = new Date("2026-06-01T12:00:00Z");
const event = { organiserId: 7, status: "scheduled" as const, startsAt: new Date("2026-06-01T10:00:00Z") };
const line = { material: "plastics", weight_kg: 12.5, treatment: "recycled" };

describe("resultsRefusal", () => {
  it("lets the organiser record once the event has begun", () => {
    expect(resultsRefusal(event, 7, now)).toBeNull();
    expect(resultsRefusal({ ...event, startsAt: now }, 7, now)).toBeNull();
  });

  it("refuses another member (403), an event not yet begun or cancelled (409), and no event (404)", () => {
    expect(resultsRefusal(event, 8, now)).toEqual({ reason: "forbidden", message: RESULTS_REFUSALS.notOrganiser });
    expect(resultsRefusal({ ...event, startsAt: new Date("2026-06-01T12:00:01Z") }, 7, now)).toEqual({
      reason: "conflict",
      message: RESULTS_REFUSALS.notStarted,
    });
    expect(resultsRefusal({ ...event, status: "cancelled" }, 7, now)).toEqual({
      reason: "conflict",
      message: RESULTS_REFUSALS.cancelled,
    });
    expect(resultsRefusal(undefined, 7, now)?.reason).toBe("not-found");
  });
});

describe("resultsSchema", () => {
  it("takes the ledger's materials and treatments, weights to the gram, optional counts", () => {
    const parsed = resultsSchema.parse({ collected: [line], volunteers: 4, hours: "2.5", note: "  Thanks all  " });
    expect(parsed).toEqual({ collected: [line], volunteers: 4, hours: 2.5, note: "Thanks all" });
  });

  it("names the field of a wrong line, and refuses what the ledger would not take", () => {
    const refused = (input: unknown) => [
      ...new Set(resultsSchema.safeParse(input).error?.issues.map((issue) => issue.path.join("."))),
    ];
    expect(refused({ collected: [line, { ...line, material: "gold" }] })).toEqual(["collected.1.material"]);
    expect(refused({ collected: [{ ...line, weight_kg: 0 }] })).toEqual(["collected.0.weight_kg"]);
    expect(refused({ collected: [{ ...line, weight_kg: 1.0001 }] })).toEqual(["collected.0.weight_kg"]);
    expect(refused({ collected: [{ ...line, treatment: "buried" }] })).toEqual(["collected.0.treatment"]);
    expect(refused({ collected: [line], volunteers: -1 })).toEqual(["volunteers"]);
    expect(refused({ collected: [line], items_repaired: 1.5 })).toEqual(["items_repaired"]);
    expect(refused({ collected: Array.from({ length: MAX_RESULT_LINES + 1 }, () => line) })).toEqual(["collected"]);
    expect(refused({})).toEqual(["collected"]);
    expect(refused({ collected: [line], note: "paid \u202eetisoppo" })).toEqual(["note"]);
    expect(refused({ collected: [line], note: "a\u0000b" })).toEqual(["note"]);
    expect(resultsSchema.safeParse({ collected: [line], note: "Thanks\r\nall" }).data?.note).toBe("Thanks\nall");
  });

  it("refuses results that record nothing at all", () => {
    const result = resultsSchema.safeParse({ collected: [] });
    expect(result.error?.issues[0]?.message).toBe(RESULTS_REFUSALS.empty);
    expect(resultsSchema.safeParse({ collected: [], items_repaired: 0 }).success).toBe(true);
  });
});

describe("resultsFromForm", () => {
  it("leaves out wholly blank rows and keeps half-filled ones for their errors", () => {
    const input = resultsFromForm({
      "collected.0.material": "paper",
      "collected.0.weight_kg": "3",
      "collected.0.treatment": "recycled",
      "collected.1.material": "",
      "collected.1.weight_kg": " ",
      "collected.1.treatment": "",
      "collected.2.material": "glass",
      "collected.2.weight_kg": "",
      "collected.2.treatment": "",
      volunteers: "",
    });
    expect(input.collected).toEqual([
      { material: "paper", weight_kg: "3", treatment: "recycled" },
      { material: "glass", weight_kg: "", treatment: "" },
    ]);
    const parsed = resultsSchema.safeParse(input);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["collected.1.weight_kg", "collected.1.treatment"]);
  });

  it("offers the recorded lines and a few blank rows, never more than the most", () => {
    expect(formRowsFor(0)).toBe(5);
    expect(formRowsFor(4)).toBe(7);
    expect(formRowsFor(MAX_RESULT_LINES)).toBe(MAX_RESULT_LINES);
  });
});
