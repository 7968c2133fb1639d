import { successAnswer, type ApiPath } from "~/services/http/openapi.server";
import { calendarAddressAnswer } from "~/features/events/calendar/answers";

/** The address of a member's calendar feed of the events they go to. */
export const eventCalendarPaths: ApiPath[] = [
  {
    path: "/api/users/calendar",
    operations: {
      get: {
        summary:
          "The address of the caller's calendar feed (RFC 5545) of the events they go to, cancelled ones marked so, made on the first ask.",
        access: "member",
        answers: { 200: successAnswer({ data: calendarAddressAnswer }) },
      },
    },
  },
  {
    path: "/api/users/calendar/reset",
    operations: {
      post: {
        summary: "Gives the caller's calendar feed a new address; the old one answers 404 at once.",
        access: "member",
        answers: { 200: successAnswer({ data: calendarAddressAnswer }) },
      },
    },
  },
];
