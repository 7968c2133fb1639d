import { users } from "./schema";
import type { AppDatabase } from "../app/utils/db.server";

/**
 * Sample members who author the seeded content. Their password hash "!" matches no password,
 * so a public instance never ships with a known login.
 */
export const sampleMembers = [
  { username: "Circular Hub Team", email: "team@circularhub.example", userType: "admin" },
  { username: "Dr. Amara Okafor", email: "amara@circularhub.example", userType: "user" },
  { username: "Lukas Berg", email: "lukas@circularhub.example", userType: "user" },
  { username: "Priya Raman", email: "priya@circularhub.example", userType: "user" },
] as const;

/** Fills an empty database with sample content; running it again adds nothing twice. */
export function seedDatabase(db: AppDatabase) {
  db.transaction((tx) => {
    for (const member of sampleMembers) {
      tx.insert(users)
        .values({ ...member, passwordHash: "!" })
        .onConflictDoNothing({ target: users.email })
        .run();
    }
  });
}
