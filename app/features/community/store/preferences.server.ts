import { z } from "~/lib/zod";
import { userPreferences } from "../../../../db/schema";
import { getDb, statement } from "~/services/database/db.server";
import { communityChanged } from "../cache.server";
import { parseJsonColumn } from "./json-column.server";
import type { PreferencesInput } from "../schemas";
import type { Preferences } from "../wire";

/** A member's feed preferences: what they want more of in For You, and where Local looks. */

const choicesColumn = z.array(z.string());

/** user_preferences.categories and user_preferences.post_types: lists of values. */
const readChoices = (text: string, column: "categories" | "post_types", userId: number) =>
  parseJsonColumn(text, choicesColumn, `user_preferences.${column}`, userId);

export async function getPreferences(userId: number): Promise<Preferences> {
  const row = (await statement(
    "SELECT categories, post_types AS postTypes, location FROM user_preferences WHERE user_id = ?",
  ).get(userId)) as { categories: string; postTypes: string; location: string | null } | undefined;
  if (!row) return { categories: [], post_types: [], location: null };
  return {
    categories: readChoices(row.categories, "categories", userId),
    post_types: readChoices(row.postTypes, "post_types", userId),
    location: row.location,
  };
}

/** Replaces the fields given; fields left out keep their value. */
export async function updatePreferences(userId: number, input: PreferencesInput): Promise<Preferences> {
  const current = await getPreferences(userId);
  const values = {
    categories: input.categories ?? current.categories,
    postTypes: input.post_types ?? current.post_types,
    location: input.location === undefined ? current.location : input.location,
    updatedAt: new Date(),
  };
  await getDb()
    .insert(userPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPreferences.userId, set: values })
    .run();
  communityChanged("preferences");
  return getPreferences(userId);
}
