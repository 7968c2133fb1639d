import type { Viewer } from "~/services/access.server";
import { formDataObject, invalidInput } from "~/lib/forms";
import { orderMessageSchema, orderRequestSchema } from "~/features/exchange/schemas";
import { getListing } from "~/features/exchange/store/listings.server";
import { askAboutListing, enquiryFor, postEnquiryMessage } from "./enquiries.server";
import { orderFromEnquiry } from "./order-from-enquiry.server";
import { enquiryView, readEnquiryMessages } from "./store/enquiries.server";
import type { EnquiryFormResult, EnquiryPageView } from "./wire";

/**
 * The pages of questions before an order: a thread's page (its messages, the message form, and for
 * the asker the form that turns it into an order) and the "Ask the seller" form of a listing's
 * page. Each form answers like the order page's: a result with the values sent and the errors.
 */

/** The thread as the viewer sees it; null when it is not theirs (a 404 like a missing one). */
export async function loadEnquiryPage(viewer: Viewer, enquiryId: number): Promise<EnquiryPageView | null> {
  const enquiry = await enquiryFor(viewer, enquiryId);
  if (!enquiry) return null;
  const listing =
    enquiry.listingId !== null && enquiry.askerId === viewer.id ? await getListing(viewer, enquiry.listingId) : null;
  const orderable =
    listing && enquiry.orderId === null && listing.status === "active" && !listing.is_sample && listing.quantity_left > 0
      ? { unit: listing.unit, quantity_left: listing.quantity_left, handover: listing.handover, kind: listing.kind }
      : null;
  return { enquiry: await enquiryView(enquiry), messages: await readEnquiryMessages(enquiry.id), orderable };
}

const valuesOf = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => typeof value === "string")
      .map(([key, value]) => [key, String(value)]),
  );

/** A form of a thread's page: `intent` is message or order. */
export async function enquiryPageAction(viewer: Viewer, enquiryId: number, form: FormData): Promise<EnquiryFormResult> {
  const fields = formDataObject(form);
  const intent = String(fields.intent ?? "");
  const values = valuesOf(fields);
  if (intent === "message") {
    const parsed = orderMessageSchema.safeParse(fields);
    if (!parsed.success) return { intent, values, ...invalidInput(parsed.error), message: "Write a message first." };
    const outcome = await postEnquiryMessage(viewer, enquiryId, parsed.data.body);
    return outcome.ok ? { intent, ok: true, message: outcome.message } : { intent, values, ...outcome };
  }
  if (intent === "order") {
    const parsed = orderRequestSchema.omit({ listing_id: true, message: true }).safeParse(fields);
    if (!parsed.success) return { intent, values, ...invalidInput(parsed.error), message: "Check the form and try again." };
    const outcome = await orderFromEnquiry(viewer, enquiryId, parsed.data);
    return outcome.ok
      ? { intent, ok: true, message: outcome.message, location: `/app/orders/${outcome.order.id}` }
      : { intent, values, ...outcome };
  }
  return { intent, values, ok: false, reason: "invalid", message: "This form is not known here.", errors: {} };
}

/** The "Ask the seller" form of a listing's page; a sent question leads to its thread. */
export async function askFormAction(viewer: Viewer, listingId: number, form: FormData): Promise<EnquiryFormResult> {
  const fields = formDataObject(form);
  const values = valuesOf(fields);
  const parsed = orderMessageSchema.safeParse(fields);
  if (!parsed.success) return { intent: "ask", values, ...invalidInput(parsed.error), message: "Write your question first." };
  const outcome = await askAboutListing(viewer, listingId, parsed.data.body);
  return outcome.ok
    ? { intent: "ask", ok: true, message: outcome.message, location: `/app/enquiries/${outcome.enquiry.id}` }
    : { intent: "ask", values, ...outcome };
}
