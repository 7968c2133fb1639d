import { LegalPage } from "~/components/legal-page";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => [
  { title: "Terms of Service · Circular Hub" },
  {
    name: "description",
    content:
      "The terms for using this Circular Hub: your account, what you may post and sell, what is not allowed, and how an account ends.",
  },
];

export default function Terms() {
  return (
    <LegalPage title="Terms of Service" updated="22 November 2026">
      <p>
        These terms govern your use of this Circular Hub instance, run by the organisation that hosts it (“we”). By creating an
        account you agree to them.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your password to yourself and tell us at once if you think someone else has used your account. You are responsible
        for what is done with it. One person, one account; accounts for companies name a person who answers for them.
      </p>
      <h2>What you post and sell</h2>
      <p>
        You keep the rights to what you publish, and you give us the right to show it on this platform. Post only what is yours to
        share. Listings must describe materials and products honestly, including their condition, origin and any hazards.
      </p>
      <h2>What is not allowed</h2>
      <p>
        No unlawful, misleading or abusive content; no trade in hazardous waste without the permits the law requires; no attempts
        to break, overload or get around the security of the platform.
      </p>
      <h2>Ending</h2>
      <p>
        You may stop using the platform at any time. We may suspend accounts that break these terms. The platform is provided as
        it is, without warranties beyond those the law requires.
      </p>
    </LegalPage>
  );
}
