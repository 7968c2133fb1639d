import { withDatabase } from "./database";
import { registerMember, type TestServer } from "./server";

/**
 * Moderation's test helpers. The first admin of a real instance comes from the operator's command
 * (`npm run admin -- grant EMAIL`, tested on its own); tests that need an admin make one the same
 * way the command does, by setting the role in the database the server reads on every request.
 */

/** A new member made admin. */
export async function registerAdmin(server: TestServer) {
  const member = await registerMember(server);
  withDatabase(server, (db) => db.prepare("UPDATE users SET user_type = 'admin' WHERE id = ?").run(member.id));
  return member;
}
