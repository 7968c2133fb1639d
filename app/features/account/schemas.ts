import { z } from "~/lib/zod";
import { fitsBcrypt, MAX_PASSWORD_BYTES, newPasswordField, registrationFields } from "~/features/auth/schemas";

/** The account settings' rules and messages, shared by the forms (in the browser), the actions and the API. */

export const WRONG_PASSWORD = "The password is not right.";
export const WRONG_CURRENT_PASSWORD = "The current password is not right.";
export const SAME_PASSWORD = "The new password must differ from the current one.";
export const SAME_EMAIL = "This is already your e-mail address.";
/** Said of an address another account holds, without saying whose. */
export const EMAIL_UNAVAILABLE = "This address cannot be used. Please choose another.";
export const INVALID_EMAIL_LINK =
  "This e-mail confirmation link is invalid, was already used or has expired. Please ask for a new one.";

/** A password typed to prove it is the member: any they could have set, up to bcrypt's limit. */
const passwordProof = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .max(MAX_PASSWORD_BYTES, { error: WRONG_PASSWORD, abort: true })
    .refine(fitsBcrypt, WRONG_PASSWORD);

/** POST /api/users/password. The new password follows the rules of a reset. */
export const changePasswordSchema = z.object({
  current_password: passwordProof("Your current password is required"),
  new_password: newPasswordField,
});

export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirm_password: z.string({ error: "Please confirm the new password" }).min(1, "Please confirm the new password"),
  })
  .refine((value) => value.new_password === value.confirm_password, {
    path: ["confirm_password"],
    message: "Passwords do not match",
  });

/** POST /api/users/email and the e-mail form. */
export const changeEmailSchema = z.object({
  email: registrationFields.email,
  password: passwordProof("Your password is required"),
});

/** POST /api/users/email/confirm, and the token of the confirmation page. */
export const emailTokenSchema = z.object({
  token: z.string({ error: INVALID_EMAIL_LINK }).min(1, INVALID_EMAIL_LINK).max(200, INVALID_EMAIL_LINK),
});

/** DELETE /api/users/me and the delete form. */
export const deleteAccountSchema = z.object({ password: passwordProof("Your password is required") });

/** A session's id as the API names it (the token's random `jti`). */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Any of the profile's fields; unknown ones are ignored, each given one is checked by the profile's rules. */
export const profilePatchSchema = z.record(z.string(), z.unknown());
