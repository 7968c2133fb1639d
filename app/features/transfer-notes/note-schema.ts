import { z } from "~/lib/zod";
import { NOTE_PARTIES } from "../../../db/waste-values";

/** A transfer note as the API answers it (TransferNoteView), for the API document. */

const time = z.string().describe("ISO 8601");
const noteRef = z.object({ id: z.number().int(), number: z.string() });

const notePartySchema = z.object({
  member_id: z.number().int(),
  member_name: z.string().describe("The member's name at the transfer."),
  legal_name: z.string(),
  address: z.string(),
  postcode: z.string(),
  country: z.string(),
  sic_code: z.string(),
  roles: z.array(z.string()),
  carrier_registration: z.string().nullable(),
  permit_number: z.string().nullable(),
  exemption_reference: z.string().nullable(),
  site_name: z.string().nullable(),
});

export const transferNoteViewSchema = z.object({
  id: z.number().int(),
  number: z.string().describe("CH-YYYY-NNNNNN"),
  order_id: z.number().int().nullable(),
  issued_at: time,
  transferred_at: time,
  place: z.string(),
  transferor: notePartySchema,
  transferee: notePartySchema,
  carrier: z.object({
    name: z.string(),
    registration_number: z.string().nullable(),
    reason_for_no_registration: z.string().nullable(),
    means_of_transport: z.string(),
    vehicle_registration: z.string().nullable(),
  }),
  waste: z.object({
    ewc_codes: z.array(z.object({ code: z.string(), description: z.string() })),
    description: z.string(),
    physical_form: z.string(),
    container_type: z.string(),
    containers: z.number().int(),
    quantity: z.number(),
    unit: z.string(),
    weight_kg: z.number(),
    weight_is_estimate: z.boolean(),
  }),
  hierarchy_declaration: z.boolean(),
  signatures: z.array(z.object({ party: z.enum(NOTE_PARTIES), name: z.string(), at: time })),
  retain_until: time,
  lot_id: z.number().int().nullable(),
  replaces: noteRef.nullable(),
  replaced_by: noteRef.nullable(),
});
