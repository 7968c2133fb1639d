import { Link } from "~/lib/link";
import { ORGANISATION_NEEDED } from "~/features/exchange/vocabulary";

/** Where a member adds their organisation's details, which a waste listing and a waste order need. */
export const ORGANISATION_SETTINGS = "/app/settings/organisation";

/** Whether a refusal is for want of an organisation (a checkout names the listing before it). */
export const needsOrganisation = (message: string | undefined) => Boolean(message?.endsWith(ORGANISATION_NEEDED));

/** Said beside a form refused for want of an organisation: the message, and the way to add it. */
export function OrganisationNeeded({ message }: { message: string | undefined }) {
  if (!needsOrganisation(message)) return null;
  return (
    <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
      {ORGANISATION_NEEDED}{" "}
      <Link to={ORGANISATION_SETTINGS} className="font-semibold underline">
        Your organisation&apos;s details
      </Link>
    </p>
  );
}
