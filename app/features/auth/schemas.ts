import { DELETED_MEMBER_NAME } from "~/vocabulary/members";
import { lookAlikeKey } from "~/lib/look-alikes";
import { oneLineText } from "~/lib/text";
import { z } from "~/lib/zod";

/** The account forms' rules and messages, shared by the forms (in the browser), the actions and the API. */

export const INVALID_RESET_LINK = "This password reset link is invalid or has expired. Please request a new one.";

/** bcrypt reads only the first 72 bytes; longer passwords are refused rather than truncated. */
export const MAX_PASSWORD_BYTES = 72;
const PASSWORD_TOO_LONG = "Password must be at most 72 bytes long";
export const fitsBcrypt = (value: string) => new TextEncoder().encode(value).length <= MAX_PASSWORD_BYTES;

/**
 * An e-mail address is something, @, then a domain with at least one dot. The domain is read
 * as labels without dots joined by dots, which matches in linear time; the original client's
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/ tried every split of the domain (a 100 KB address took 15 s).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const MAX_EMAIL_LENGTH = 254;

/**
 * Length checks come before any pattern and stop the field there: zod runs a string's checks
 * on after a failed one unless the failed one says `abort`.
 */
const tooLong = (message: string) => ({ error: message, abort: true });

/**
 * The name a deleted account is shown by: nobody may take it, or anything that reads as it (other
 * case, spaces, zero-width characters, full-width letters, Cyrillic or Greek look-alikes), or
 * they would read as one.
 */
export const RESERVED_NAME = `Name reads as “${DELETED_MEMBER_NAME}”, which is kept for deleted accounts. Please choose another.`;
const DELETED_MEMBER_KEY = lookAlikeKey(DELETED_MEMBER_NAME);
export const isOwnName = (name: string) => lookAlikeKey(name) !== DELETED_MEMBER_KEY;

export const MAX_NAME_LENGTH = 100;
/** A member's name, wherever it is set (registration, the profile, the API): one rule. */
export const memberNameField = oneLineText("Name", MAX_NAME_LENGTH).refine(isOwnName, RESERVED_NAME);

const text = (requiredMessage: string) => z.string({ error: requiredMessage }).trim().min(1, requiredMessage);

export const registrationFields = {
  username: memberNameField,
  email: text("Email is required")
    .max(MAX_EMAIL_LENGTH, tooLong("Email is invalid"))
    .regex(EMAIL_PATTERN, "Email is invalid")
    .toLowerCase(),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .min(6, "Password must be at least 6 characters")
    // More than 72 characters is always more than 72 bytes: refused before reading it further.
    .max(MAX_PASSWORD_BYTES, tooLong(PASSWORD_TOO_LONG))
    .refine((value) => value.trim() !== "", "Password must not be only spaces")
    .refine(fitsBcrypt, PASSWORD_TOO_LONG),
};

/** POST /api/auth/register. `user_type` is accepted and ignored: every new account is a user. */
export const registerApiSchema = z.object({ ...registrationFields, user_type: z.unknown().optional() });

export const registerFormSchema = z
  .object({
    ...registrationFields,
    confirmPassword: z.string({ error: "Passwords do not match" }),
    terms: z.literal("on", { error: "Please accept the Terms of Service and Privacy Policy" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });

export const loginSchema = z.object({
  // Bounded like the other e-mails: the address is also kept as a rate-limit key.
  email: text("Email is required").max(MAX_EMAIL_LENGTH, tooLong("Email is invalid")).toLowerCase(),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(MAX_PASSWORD_BYTES, tooLong(PASSWORD_TOO_LONG))
    .refine(fitsBcrypt, PASSWORD_TOO_LONG),
  remember: z
    .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({
  email: text("Email address is required")
    .max(MAX_EMAIL_LENGTH, tooLong("Please enter a valid email address"))
    .regex(EMAIL_PATTERN, "Please enter a valid email address")
    .toLowerCase(),
});

export const resetTokenSchema = z.object({
  token: z
    .string({ error: "The reset token is missing" })
    .min(1, "The reset token is missing")
    .max(200, "The reset token is invalid"),
});

const hasLowerCase = (value: string) => /[a-z]/.test(value);
const hasUpperCase = (value: string) => /[A-Z]/.test(value);
const hasDigit = (value: string) => /\d/.test(value);

export const newPasswordField = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(8, "Password must be at least 8 characters long")
  .max(MAX_PASSWORD_BYTES, tooLong(PASSWORD_TOO_LONG))
  // Three scans of the text: the lookaheads /(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/ rescanned it from
  // every position, quadratic in its length.
  .refine(
    (value) => hasLowerCase(value) && hasUpperCase(value) && hasDigit(value),
    "Password must contain at least one uppercase letter, one lowercase letter, and one number",
  )
  .refine(fitsBcrypt, PASSWORD_TOO_LONG);

export const resetPasswordApiSchema = resetTokenSchema.extend({ password: newPasswordField });

export const resetPasswordFormSchema = resetPasswordApiSchema
  .extend({
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });

/** The reset page's live checklist. */
export const passwordRequirements = [
  { label: "At least 8 characters", test: (value: string) => value.length >= 8 },
  { label: "One uppercase letter", test: hasUpperCase },
  { label: "One lowercase letter", test: hasLowerCase },
  { label: "One number", test: hasDigit },
];
