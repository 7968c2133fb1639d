import type { FeatureManifest } from "~/services/features.server";
import { passwordResetMailJob } from "./reset-mail.server";
import { eraseAuthRows, exportedEndedSessions, exportedSessions } from "./store/member-data.server";

/** Signing in: the member's sessions, the ones ended from elsewhere, and password resets. */
export const authManifest: FeatureManifest = {
  name: "auth",
  jobKinds: [passwordResetMailJob],
  exports: {
    handles: ["sessions.user_id", "ended_sessions.user_id"],
    leaves: {
      "password_reset_tokens.user_id": "a reset link's hash, alive for minutes: a secret, not something the member told us",
    },
    sections: async (id) => ({
      sessions: await exportedSessions(id),
      ended_sessions: await exportedEndedSessions(id),
    }),
  },
  erases: {
    handles: ["password_reset_tokens.user_id", "sessions.user_id", "ended_sessions.user_id"],
    erase: async (tx, id) => eraseAuthRows(tx, id),
  },
};
