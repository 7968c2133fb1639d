import type { Db } from "~/services/database/db.server";
import { notify } from "~/features/notifications/notify.server";
import type { OperationCode } from "../../../db/waste-values";
import { operationVerb } from "./operations";
import { UNNAMED_BUSINESS } from "./views";

/**
 * The first holder of a load (who handed it over first, usually its producer) follows it: each
 * operation a later holder records tells them, in the recording transaction, "Your load
 * CH-2026-000123 was recycled (R3) by Calder Polymers Ltd". On by default for producers; any
 * other member hears it once they turn it on.
 */
export async function tellFirstHolder(
  tx: Db,
  told: {
    recipientId: number;
    actorId: number;
    lotId: number;
    noteNumber: string;
    code: OperationCode;
    holderName: string | null;
  },
) {
  await notify(tx, {
    recipientId: told.recipientId,
    type: "lot_fate",
    actorId: told.actorId,
    subjectType: "lot",
    subjectId: told.lotId,
    excerpt: `${told.noteNumber} was ${operationVerb(told.code)} (${told.code}) by ${told.holderName ?? UNNAMED_BUSINESS}`,
  });
}
