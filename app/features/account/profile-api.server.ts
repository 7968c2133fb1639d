import { memberById } from "~/features/auth/store/members.server";
import { profileSchema } from "~/features/profile/profile";
import { updateProfile } from "~/features/profile/store/profile.server";
import { fieldErrors, type FormFailure } from "~/lib/forms";

/**
 * PATCH /api/users/profile: the fields given change, the others keep their value, and the whole
 * profile is checked by the profile form's own rules. `username` is taken for `name`, as the API
 * names the member elsewhere.
 */

const EDITABLE = ["bio", "phone", "location", "company", "website"] as const;

export async function profileView(userId: number) {
  const row = await memberById(userId);
  if (!row || row.deletedAt) return null;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    user_type: row.userType,
    bio: row.bio,
    phone: row.phone,
    location: row.location,
    company: row.company,
    website: row.website,
    is_verified: row.isVerified,
    created_at: row.createdAt.toISOString(),
  };
}

export async function patchProfile(
  userId: number,
  patch: Record<string, unknown>,
): Promise<{ ok: true; user: NonNullable<Awaited<ReturnType<typeof profileView>>> } | FormFailure<{ message: string }>> {
  const current = await profileView(userId);
  if (!current) return { ok: false, reason: "not-found", message: "This account no longer exists.", errors: {} };
  const given = (key: string) => (patch[key] === undefined ? undefined : patch[key]);
  const merged = {
    name: given("name") ?? given("username") ?? current.username,
    ...Object.fromEntries(EDITABLE.map((key) => [key, given(key) ?? current[key]])),
  };
  const parsed = profileSchema.safeParse(merged);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    // The API calls the name `username` when the client did.
    if (errors.name && patch.name === undefined && patch.username !== undefined) {
      errors.username = errors.name;
      delete errors.name;
    }
    return { ok: false, reason: "invalid", message: Object.values(errors)[0] ?? "The profile is not valid.", errors };
  }
  await updateProfile(userId, parsed.data);
  return { ok: true, user: (await profileView(userId))! };
}
