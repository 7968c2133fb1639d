import { describe, expect, it } from "vitest";
import { z } from "zod";

/**
 * Every zod schema exported by the app's feature, service and library modules, fed 100 KB in each field. A pattern that backtracks
 * (one 100 KB e-mail once froze the server for 15 s) takes seconds here; linear patterns
 * behind length checks take milliseconds, so the bound can be generous and still never flake.
 */
const modules = import.meta.glob<Record<string, unknown>>(
  ["../../app/{features,services,lib}/**/*.ts", "!../../app/**/*.test.ts"],
  { eager: true },
);

function schemasOf(name: string, value: unknown): [string, z.ZodType][] {
  if (value instanceof z.ZodType) return [[name, value]];
  // A record of field schemas (registrationFields) is read as the object it makes.
  if (
    value &&
    typeof value === "object" &&
    Object.values(value).length &&
    Object.values(value).every((field) => field instanceof z.ZodType)
  ) {
    return [[name, z.object(value as Record<string, z.ZodType>)]];
  }
  return [];
}

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([name, value]) => schemasOf(`${file.replace(/^.*\/app\//, "")}:${name}`, value)),
);

const SIZE = 100 * 1024;
/** Shapes that make backtracking patterns try every split: dots in a domain, letters without a digit. */
const hostileValues = [
  "a".repeat(SIZE),
  `a@${".".repeat(SIZE)}@`,
  `a@${"a.".repeat(SIZE / 2)}@`,
  "aA".repeat(SIZE / 2),
  " ".repeat(SIZE),
  "1".repeat(SIZE),
  "@".repeat(SIZE),
];

function inputFor(schema: z.ZodType, value: string): unknown {
  if (!(schema instanceof z.ZodObject)) return value;
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, value]));
}

describe("schemas and long input", () => {
  it("finds the shared schemas", () => {
    const names = schemas.map(([name]) => name);
    for (const expected of [
      "features/auth/schemas.ts:registerApiSchema",
      "features/auth/schemas.ts:registerFormSchema",
      "features/auth/schemas.ts:loginSchema",
      "features/auth/schemas.ts:forgotPasswordSchema",
      "features/auth/schemas.ts:resetPasswordFormSchema",
      "features/auth/schemas.ts:newPasswordField",
      "features/community/schemas.ts:createPostSchema",
      "features/community/schemas.ts:commentSchema",
      "features/exchange/schemas.ts:orderRequestSchema",
      "features/profile/profile.ts:profileSchema",
    ]) {
      expect(names).toContain(expected);
    }
  });

  it("parses 100 KB in every field of every schema quickly", () => {
    // Each parse on its own: a linear pattern takes milliseconds, a backtracking one seconds, so
    // the slowest single parse tells them apart however busy the machine is (the sum of them all
    // grows with every schema added and passed a fixed bound once the cores were shared).
    let slowest = { name: "", ms: 0 };
    for (const [name, schema] of schemas) {
      for (const value of hostileValues) {
        const started = performance.now();
        // Only the time matters here; some schemas accept long text (and slice it) by design.
        expect(() => schema.safeParse(inputFor(schema, value)), name).not.toThrow();
        const ms = performance.now() - started;
        if (ms > slowest.ms) slowest = { name, ms };
      }
    }
    expect(slowest.ms, slowest.name).toBeLessThan(1000);
  });
});
