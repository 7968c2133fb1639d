import { z } from "~/lib/zod";
import { successAnswer, type ApiPath } from "~/services/http/openapi.server";
import { badgeSettingSchema, badgeToggleSchema } from "~/features/badges/schemas";

const badge = successAnswer({ data: z.object({ badge: badgeSettingSchema }) });

/** A member's embeddable impact badge (the SVGs themselves are at /badge/…, outside /api). */
export const badgePaths: ApiPath[] = [
  {
    path: "/api/users/badge",
    operations: {
      get: {
        summary: "The caller's badge: on or off, its address and the <img> snippet.",
        access: "member",
        answers: { 200: badge },
      },
      put: {
        summary:
          "Turns the caller's badge on or off. On, /badge/members/{id}.svg draws their weight diverted and CO2e avoided; " +
          "off, it answers 404 (copies cached elsewhere may show for up to five minutes).",
        access: "member",
        body: badgeToggleSchema,
        answers: { 200: badge },
      },
    },
  },
];
