import { z } from "~/lib/zod";
import { memberRefSchema } from "~/features/exchange/answers";
import type { EnquiryMessageView, EnquiryView } from "./wire";

/** The enquiries' answers as the API document describes them (checked against ./wire.ts below). */

const time = z.string().describe("ISO 8601");

export const enquiryMessageViewSchema = z.object({
  id: z.number().int(),
  enquiry_id: z.number().int(),
  author: memberRefSchema,
  body: z.string(),
  created_at: time,
});

export const enquiryViewSchema = z.object({
  id: z.number().int(),
  listing: z.object({ id: z.number().int().nullable().describe("Null once the listing is gone"), title: z.string() }),
  asker: memberRefSchema,
  owner: memberRefSchema,
  order_id: z.number().int().nullable().describe("The order the asker turned the thread into"),
  messages: z.number().int().describe("How many messages the thread holds"),
  created_at: time,
  updated_at: time,
});

// The wire types and the schemas say the same.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const sameShapes: [
  Same<z.infer<typeof enquiryViewSchema>, EnquiryView>,
  Same<z.infer<typeof enquiryMessageViewSchema>, EnquiryMessageView>,
] = [true, true];
