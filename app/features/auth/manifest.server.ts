import { prepared } from "~/services/db.server";
import { memberRows, shaped } from "~/services/export-rows.server";
import type { FeatureManifest } from "~/services/features.server";
import { passwordResetMailJob } from "./reset-mail.server";

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
      sessions: memberRows(
        "SELECT created_at, last_seen_at, expires_at, user_agent FROM sessions WHERE user_id = @id ORDER BY created_at",
        id,
      ).map((row) => shaped(row, { times: ["created_at", "last_seen_at", "expires_at"] })),
      // Sessions ended from elsewhere, and why, while their tokens would still have been valid.
      ended_sessions: memberRows(
        "SELECT reason, created_at AS ended_at, expires_at FROM ended_sessions WHERE user_id = @id ORDER BY created_at",
        id,
      ).map((row) => shaped(row, { times: ["ended_at", "expires_at"] })),
    }),
  },
  erases: {
    handles: ["password_reset_tokens.user_id", "sessions.user_id", "ended_sessions.user_id"],
    erase: async (_tx, id) => {
      const run = (sql: string) => prepared(sql).run({ id });
      run("DELETE FROM password_reset_tokens WHERE user_id = @id");
      // The token dies at once: a request checks its session row every time.
      run("DELETE FROM sessions WHERE user_id = @id");
      // What told their devices why they were signed out names their sessions: it goes too.
      run("DELETE FROM ended_sessions WHERE user_id = @id");
    },
  },
};
