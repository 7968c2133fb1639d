import { consumeRateLimit } from "~/services/rate-limit.server";

/**
 * How much one member may do in the exchange in an hour: plenty for anyone trading, too little for
 * a script. Each request and each message mails the other party and each listing may store 50 MB
 * of photos, so without a cap one member could flood another's inbox or fill the disk.
 */
export const EXCHANGE_ALLOWANCES = {
  listing: { perHour: 20, doing: "listing" },
  request: { perHour: 30, doing: "sending requests" },
  message: { perHour: 60, doing: "sending messages" },
} as const;

export type ExchangeAction = keyof typeof EXCHANGE_ALLOWANCES;

export type AllowanceRefused = {
  ok: false;
  reason: "rate-limited";
  message: string;
  errors: Record<string, string>;
  retryAfterSeconds: number;
};

/** "30 seconds", "1 minute", "12 minutes". */
const waitOf = (seconds: number) =>
  seconds < 60 ? `${seconds} seconds` : Math.ceil(seconds / 60) === 1 ? "1 minute" : `${Math.ceil(seconds / 60)} minutes`;

/**
 * Counts one action against the member's hourly allowance before it is done, so two at once
 * cannot both take the last one; `giveBack` returns it when the action is refused for another
 * reason, since only what was done counts.
 */
export async function takeExchangeAllowance(
  action: ExchangeAction,
  memberId: number,
): Promise<{ ok: true; giveBack: () => Promise<void> } | AllowanceRefused> {
  const { perHour, doing } = EXCHANGE_ALLOWANCES[action];
  const result = await consumeRateLimit(`exchange-${action}:member:${memberId}`, { limit: perHour, windowMs: 60 * 60_000 });
  if (result.allowed) return { ok: true, giveBack: result.release };
  return {
    ok: false,
    reason: "rate-limited",
    message: `You are ${doing} too often. Please try again in ${waitOf(result.retryAfterSeconds)}.`,
    errors: {},
    retryAfterSeconds: result.retryAfterSeconds,
  };
}

/** Runs `work` within the allowance: refused when it is used up, and given back when `work` is refused. */
export async function withinAllowance<T extends { ok: boolean }>(
  action: ExchangeAction,
  memberId: number,
  work: () => Promise<T>,
): Promise<T | AllowanceRefused> {
  const allowance = await takeExchangeAllowance(action, memberId);
  if (!allowance.ok) return allowance;
  const outcome = await work();
  if (!outcome.ok) await allowance.giveBack();
  return outcome;
}
