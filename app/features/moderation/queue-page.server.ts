import type { Viewer } from "~/services/access.server";
import { invalidInput, type FormResult } from "~/lib/forms";
import { resolveReports, restoreContent } from "./queue.server";
import { hideableTargetSchema, idSchema, resolveSchema, restoreSchema } from "./schemas";
import type { CardResult } from "./wire";

/**
 * Every form of the admins' report queue posts here, told apart by `intent`: restore hidden
 * content, or (any other) resolve a card's reports. A refusal names the card it came from.
 */
export async function queuePageAction(admin: Viewer, fields: Record<string, unknown>): Promise<FormResult | CardResult> {
  const card = idSchema.safeParse(fields.card);
  const cardId = card.success ? card.data : 0;
  const answer = (result: FormResult) => (result.ok ? result : ({ ...result, card: cardId } as CardResult));
  if (fields.intent === "restore") {
    const type = hideableTargetSchema.safeParse(fields.type);
    const id = idSchema.safeParse(fields.id);
    const values = restoreSchema.safeParse(fields);
    if (!type.success || !id.success) return answer({ ok: false, reason: "invalid", message: "Nothing to restore.", errors: {} });
    if (!values.success) return answer({ ...invalidInput(values.error), message: "A note is required: write why." });
    const outcome = await restoreContent(admin, type.data, id.data, values.data.note);
    return answer(outcome.ok ? { ok: true, message: outcome.message } : outcome);
  }
  const values = resolveSchema.safeParse(fields);
  if (!card.success) return answer({ ok: false, reason: "not-found", message: "This report does not exist.", errors: {} });
  if (!values.success) {
    const failure = invalidInput(values.error);
    return answer({ ...failure, message: failure.errors.note ?? failure.errors.action ?? "Check the form." });
  }
  const outcome = await resolveReports(admin, card.data, values.data);
  return answer(outcome.ok ? { ok: true, message: outcome.message } : outcome);
}
