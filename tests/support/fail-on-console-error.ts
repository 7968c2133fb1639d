import { afterEach, vi } from "vitest";

// Any console.error during a test is a failure: errors must be asserted on, not just printed.
let errors: unknown[][] = [];
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length) throw new Error(`console.error was called:\n${seen.map((args) => args.map(String).join(" ")).join("\n")}`);
});
