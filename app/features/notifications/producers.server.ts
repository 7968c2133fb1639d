import { organisationOf } from "~/features/organisation/store/organisation.server";

/** Whether the member's organisation is a producer: some types are on by default only for them (PRODUCER_DEFAULT_TYPES). */
export async function isProducer(memberId: number) {
  return (await organisationOf(memberId))?.roles.includes("producer") ?? false;
}
