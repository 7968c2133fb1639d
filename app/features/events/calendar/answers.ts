import { z } from "~/lib/zod";

/** GET /api/users/calendar and POST /api/users/calendar/reset: the caller's feed address. */
export const calendarAddressAnswer = z.object({
  calendar: z.object({
    url: z
      .string()
      .describe("The secret address of the caller's calendar feed (text/calendar) of the events they go to; it is the only key."),
  }),
});
