import type { z } from "~/lib/zod";

/**
 * A JSON text column read through raw SQL, checked against the shape db/schema/ declares for
 * it. Only typed Drizzle writes fill these columns, so a value of another shape is a damaged row:
 * it fails loudly, naming the column and the row, instead of showing as an empty value.
 */
export function parseJsonColumn<T>(text: string, shape: z.ZodType<T>, column: string, rowId: number): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${column} of row ${rowId} is not JSON`);
  }
  const result = shape.safeParse(value);
  if (!result.success) throw new Error(`${column} of row ${rowId} does not have the shape it is declared with`);
  return result.data;
}
