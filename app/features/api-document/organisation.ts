import { successAnswer, type ApiPath } from "~/services/http/openapi.server";
import { organisationSchema, organisationViewSchema } from "~/features/organisation/schemas";

const organisation = successAnswer({ organisation: organisationViewSchema.nullable() });

/** A member's business identity, as waste transfer notes name it. */
export const organisationPaths: ApiPath[] = [
  {
    path: "/api/users/organisation",
    operations: {
      get: {
        summary: "The caller's organisation, or null before their first PUT.",
        access: "member",
        answers: { 200: organisation },
      },
      put: {
        summary:
          "Replaces the caller's organisation. A carrier or broker/dealer needs `carrier_registration`, a permit holder " +
          "`permit_number`, an exempt business `exemption_reference`, each in a UK format; a GB address needs a UK postcode.",
        access: "member",
        body: organisationSchema,
        answers: { 200: successAnswer({ organisation: organisationViewSchema }) },
      },
    },
  },
];
