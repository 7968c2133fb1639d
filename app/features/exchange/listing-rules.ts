import { listingSchema, type ListingChange, type ListingValues } from "./schemas";
import { formatQuantity } from "./stock";
import type { ListingStatus, ListingUnit } from "./vocabulary";
import { issueErrors } from "~/lib/forms";

/**
 * The rules of changing a listing, apart from the database: how an owner's change is merged with
 * the stored listing, which status moves exist, and what is left of the stock after the quantity
 * changes. listings.server applies them inside its transaction.
 */

type Rejected = { ok: false; reason: "invalid" | "conflict"; message: string; errors: Record<string, string> };

/**
 * The stored listing with the change laid over it, checked whole: the rules between fields (a
 * weight per piece for pieces, whole pieces, a free listing costs nothing) hold for the result,
 * not only for what was sent.
 */
export function mergeListingChange(
  stored: ListingValues,
  change: Omit<ListingChange, "status">,
): { ok: true; values: ListingValues } | Rejected {
  const merged: Record<string, unknown> = { ...stored, weight_per_unit_kg: stored.weight_per_unit_kg ?? undefined };
  for (const [field, value] of Object.entries(change)) if (value !== undefined) merged[field] = value;
  // Taking the codes away makes it an ordinary listing: its waste details go with them.
  if (change.ewc_codes === null) for (const field of WASTE_DETAIL_FIELDS) if (change[field] === undefined) merged[field] = null;
  const result = listingSchema.safeParse(merged);
  if (result.success) return { ok: true, values: result.data };
  const errors = issueErrors(result.error.issues);
  return { ok: false, reason: "invalid", message: Object.values(errors)[0] ?? "The listing is not valid.", errors };
}

/**
 * The owner's status moves: pause an active listing, reopen a paused or closed one, close an
 * active or paused one. A closed listing may be reopened (a seller who closed it too early, or
 * has new stock, need not list it again and lose its address). Asking for the status it already
 * has, or pausing a closed listing, is refused: the state does not allow it.
 */
export function statusMove(from: ListingStatus, to: ListingStatus): { ok: true } | Rejected {
  if (from === to) {
    const words = { active: "already active", paused: "already paused", closed: "already closed" }[to];
    return {
      ok: false,
      reason: "conflict",
      message: `This listing is ${words}.`,
      errors: { status: `This listing is ${words}.` },
    };
  }
  if (from === "closed" && to === "paused") {
    const message = "A closed listing cannot be paused; reopen it first.";
    return { ok: false, reason: "conflict", message, errors: { status: message } };
  }
  return { ok: true };
}

const WASTE_DETAIL_FIELDS = ["waste_description", "physical_form", "container_type", "containers"] as const;

const SCALE = 1000;

/**
 * What is left once the quantity becomes `quantity`, when accepted and completed orders have
 * taken `taken`: the rest, or a refusal when the new quantity is below what is already taken.
 */
export function quantityLeftAfter(
  quantity: number,
  taken: number,
  unit: ListingUnit,
): { ok: true; quantityLeft: number } | Rejected {
  const left = Math.round(quantity * SCALE) - Math.round(taken * SCALE);
  if (left < 0) {
    const message = `Accepted and completed orders already took ${formatQuantity(taken, unit)}: the quantity cannot be below that.`;
    return { ok: false, reason: "invalid", message, errors: { quantity: message } };
  }
  return { ok: true, quantityLeft: left / SCALE };
}
