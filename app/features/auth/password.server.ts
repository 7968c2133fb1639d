import { fitsBcrypt } from "./schemas";
import { runPasswordTask } from "./password-threads.server";
import { getEnv } from "~/services/env.server";

/**
 * bcrypt hashes and comparisons, each run on a password thread in the turn of the client address
 * that asked (password-threads.server.ts). Any of them may throw a BusyError when that address
 * or the whole process has too many waiting: the request is refused with 503 and Retry-After.
 */

export function hashPassword(password: string, address: string): Promise<string> {
  // The schemas refuse such passwords with a message; reaching here is a programming error.
  if (!fitsBcrypt(password)) throw new Error("password over 72 bytes");
  return runPasswordTask<string>(address, { op: "hash", password, cost: getEnv().bcryptCost });
}

let comparisonsStarted = 0;
/** How many bcrypt comparisons this process has started: a failed login must always cost one. */
export const passwordComparisonsStarted = () => comparisonsStarted;

function compare(password: string, hash: string, address: string) {
  comparisonsStarted++;
  return runPasswordTask<boolean>(address, { op: "compare", password, hash });
}

let dummyHash: Promise<string> | undefined;
/** A hash of the configured cost that no login is checked against for real. */
function equaliserHash(address: string) {
  dummyHash ??= hashPassword("timing-equaliser-not-a-password", address);
  // A refused first try (a busy process) must not be the answer for ever after.
  dummyHash.catch(() => (dummyHash = undefined));
  return dummyHash;
}

/**
 * Every check costs one bcrypt comparison. A hash that is not bcrypt (a seeded member's "!",
 * decision 003) matches nothing, but answering at once would tell an attacker in 6 ms instead
 * of 340 that the address has no usable password: such a check compares with the dummy hash.
 */
export async function verifyPassword(password: string, hash: string, address: string): Promise<boolean> {
  if (!hash.startsWith("$2")) {
    await compare(password, await equaliserHash(address), address);
    return false;
  }
  return compare(password, hash, address);
}

/**
 * Checking a password against a hash of the same cost for unknown e-mails makes a failed
 * login take as long whether or not the account exists.
 */
export async function burnPasswordCheck(password: string, address: string) {
  await compare(password, await equaliserHash(address), address);
}
