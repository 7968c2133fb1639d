/**
 * A member's suspension as everyone words it: sign-in, the API, password reset, the admin pages
 * and the notice to the member. Kept here, below the features, because the session checks of
 * app/services answer with the same sentence.
 */

export type Suspension = { suspendedAt: Date | number | null; suspendedUntil: Date | number | null };

const time = (at: Date | number) => (at instanceof Date ? at.getTime() : at);

/** Whether the member is suspended at `now`: from suspended_at until suspended_until (none: until lifted). */
export function isSuspended(member: Suspension, now: Date | number = Date.now()) {
  if (member.suspendedAt === null) return false;
  return member.suspendedUntil === null || time(member.suspendedUntil) > time(now);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const twoDigits = (n: number) => String(n).padStart(2, "0");

/**
 * "1 December 2026" for a suspension that ends at the start of a day (UTC), which is what the
 * admin's date field sets; a time within the day adds it: "1 December 2026, 14:30 UTC".
 */
export function suspensionEndDate(until: Date | number) {
  const at = new Date(time(until));
  const day = `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
  if (at.getUTCHours() === 0 && at.getUTCMinutes() === 0) return day;
  return `${day}, ${twoDigits(at.getUTCHours())}:${twoDigits(at.getUTCMinutes())} UTC`;
}

/** "until 1 December 2026", or "until an admin lifts it" for a suspension without an end. */
export function suspensionEndPhrase(until: Date | number | null) {
  return until === null ? "until an admin lifts it" : `until ${suspensionEndDate(until)}`;
}

/**
 * What sign-in, the API and password reset answer a suspended member: until when and why, as the
 * notice mailed to them says.
 */
export function suspendedMessage(until: Date | number | null, reason: string | null) {
  const why = reason ? ` The reason given: ${reason}` : "";
  return `This account is suspended ${suspensionEndPhrase(until)}.${why}`;
}
