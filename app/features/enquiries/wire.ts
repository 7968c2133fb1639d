import type { OrderPageResult } from "~/features/exchange/wire";

/** What the enquiries' pages and API answer (the API document describes the same in ./answers.ts). */

/** What a form of the enquiries' pages answers; a success may say where it leads (the thread, the order). */
export type EnquiryFormResult = OrderPageResult & { location?: string };

export type EnquiryMessageView = {
  id: number;
  enquiry_id: number;
  author: { id: number; username: string };
  body: string;
  created_at: string;
};

export type EnquiryView = {
  id: number;
  /** `id` is null once the listing is gone; its title stays. */
  listing: { id: number | null; title: string };
  asker: { id: number; username: string };
  owner: { id: number; username: string };
  /** The order the asker turned the thread into, or null. */
  order_id: number | null;
  /** How many messages the thread holds. */
  messages: number;
  created_at: string;
  updated_at: string;
};

/** A thread's page: the thread, its messages, and whether the viewer may turn it into an order. */
export type EnquiryPageView = {
  enquiry: EnquiryView;
  messages: EnquiryMessageView[];
  /** The listing's unit and what is left, when the viewer is the asker and the listing still takes requests. */
  orderable: { unit: string; quantity_left: number; handover: string; kind: string } | null;
};
