import { z } from "~/lib/zod";

/** PUT /api/users/badge and the settings page's toggle: on or off. */
export const badgeToggleSchema = z.object({
  enabled: z.preprocess(
    // The settings form sends "true" or "false"; clients a JSON boolean.
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean({ error: "Send enabled as true or false" }),
  ),
});

export const badgeSettingSchema = z.object({
  enabled: z.boolean().describe("Off (the default) answers 404 at the badge's address, as for no member."),
  url: z.string().describe("The badge's address: /badge/members/{id}.svg (add ?theme=dark for the dark one)."),
  snippet: z.string().describe("An <img> element to paste into a page."),
});
