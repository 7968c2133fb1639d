import { BadgeCheck } from "~/components/icons";
import { ROLE_LABELS, type Organisation } from "~/features/organisation/schemas";

/** A verified member's business identity on their public page, as their transfer notes would name it. */
export function VerifiedBusinessDetails({ organisation }: { organisation: Organisation }) {
  const rows: [string, string | null][] = [
    ["Legal name", organisation.legal_name],
    ["Address", `${organisation.address}, ${organisation.postcode}, ${organisation.country}`],
    ["SIC code", organisation.sic_code],
    ["Roles", organisation.roles.map((role) => ROLE_LABELS[role].replace(/ \(.*\)$/, "")).join(", ")],
    ["Waste carrier registration", organisation.carrier_registration],
    ["Environmental permit", organisation.permit_number],
    ["Waste exemption", organisation.exemption_reference],
    ["Site", organisation.site_name],
  ];
  return (
    <section
      aria-labelledby="business-title"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 wrap-anywhere"
      data-testid="business-details"
    >
      <h3 id="business-title" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <BadgeCheck aria-hidden className="size-5 text-sky-700" /> Verified business details
      </h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
