/**
 * The 5,000 most common passwords; common-passwords.md beside the list says where it comes from.
 * Server only: the registration form's schema also runs in the browser, and 40 KB of list has
 * no place in its bundle. Imported on first use as its own chunk, so a server that registers
 * nobody never reads it, and made into a set once.
 */
let list: Promise<Set<string>> | undefined;

function commonPasswords() {
  list ??= import("./common-passwords.txt?raw").then(({ default: text }) => new Set(text.split("\n").filter(Boolean)));
  return list;
}

export const COMMON_PASSWORD = "This password is too common. Please choose a less predictable one.";

/** Whether `password` is on the list, ignoring case (the list is lower case). */
export async function isCommonPassword(password: string) {
  return (await commonPasswords()).has(password.toLowerCase());
}
