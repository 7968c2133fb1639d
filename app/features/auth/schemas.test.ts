import { describe, expect, it } from "vitest";
import {
  forgotPasswordSchema,
  loginSchema,
  passwordRequirements,
  registerApiSchema,
  registerFormSchema,
  resetPasswordFormSchema,
} from "~/features/auth/schemas";
import { profileSchema } from "~/features/profile/profile";
import { fieldErrors } from "~/lib/forms";

const errorsOf = (result: { success: boolean; error?: any }) => (result.success ? {} : fieldErrors(result.error));

describe("registration form", () => {
  const valid = {
    username: "Ada Green",
    email: "ada@example.org",
    password: "compost-heap-7",
    confirmPassword: "compost-heap-7",
    terms: "on",
  };

  it("accepts a complete form and normalises the e-mail", () => {
    const result = registerFormSchema.parse({ ...valid, email: "  Ada@Example.ORG " });
    expect(result.email).toBe("ada@example.org");
    expect(result.username).toBe("Ada Green");
  });

  it("says what is missing, word for word", () => {
    expect(errorsOf(registerFormSchema.safeParse({ terms: "on" }))).toMatchObject({
      username: "Name is required",
      email: "Email is required",
      password: "Password is required",
    });
    expect(errorsOf(registerFormSchema.safeParse({ ...valid, username: "   ", email: "", password: "" }))).toMatchObject({
      username: "Name is required",
      email: "Email is required",
      password: "Password is required",
    });
  });

  it("checks the e-mail format, password length and confirmation", () => {
    expect(errorsOf(registerFormSchema.safeParse({ ...valid, email: "ada@" })).email).toBe("Email is invalid");
    expect(errorsOf(registerFormSchema.safeParse({ ...valid, password: "12345", confirmPassword: "12345" })).password).toBe(
      "Password must be at least 6 characters",
    );
    expect(errorsOf(registerFormSchema.safeParse({ ...valid, confirmPassword: "other1" })).confirmPassword).toBe(
      "Passwords do not match",
    );
  });

  it("stops at the length check before any pattern runs", () => {
    const long = `${"a".repeat(300)}@example.org`;
    const result = registerApiSchema.safeParse({ ...valid, email: long, password: "aA1".repeat(40) });
    const issuesOf = (field: string) => (result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === field));
    expect(issuesOf("email").map((issue) => issue.message)).toEqual(["Email is invalid"]);
    expect(issuesOf("password").map((issue) => issue.message)).toEqual(["Password must be at most 72 bytes long"]);
    const reset = resetPasswordFormSchema.safeParse({ token: "t", password: "a".repeat(100), confirmPassword: "a".repeat(100) });
    expect(reset.success ? [] : reset.error.issues.map((issue) => issue.message)).toEqual([
      "Password must be at most 72 bytes long",
    ]);
  });

  it("accepts the usual address shapes and refuses empty domain labels", () => {
    for (const email of ["ada@example.org", "a.b+c@mail.example.co.uk", "x@y.z"])
      expect(registerApiSchema.safeParse({ ...valid, email }).success, email).toBe(true);
    for (const email of [
      "ada@example",
      "ada@.example.org",
      "ada@example..org",
      "ada@example.org.",
      "a b@example.org",
      "a@b@example.org",
    ]) {
      expect(errorsOf(registerApiSchema.safeParse({ ...valid, email })).email, email).toBe("Email is invalid");
    }
  });

  it("refuses a password of only spaces, however long", () => {
    for (const password of ["      ", " \t    \n  "]) {
      expect(errorsOf(registerApiSchema.safeParse({ ...valid, password })).password).toBe("Password must not be only spaces");
    }
    expect(errorsOf(registerApiSchema.safeParse({ ...valid, password: "     " })).password).toBe(
      "Password must be at least 6 characters",
    );
    expect(registerApiSchema.safeParse({ ...valid, password: " bins 7 " }).success).toBe(true);
  });

  it("refuses passwords bcrypt would truncate", () => {
    const long = "é".repeat(37); // 74 bytes in UTF-8, 37 characters
    expect(errorsOf(registerApiSchema.safeParse({ ...valid, password: long })).password).toBe(
      "Password must be at most 72 bytes long",
    );
    expect(registerApiSchema.safeParse({ ...valid, password: "a".repeat(72) }).success).toBe(true);
  });

  it("requires the terms on the form but not in the API", () => {
    expect(errorsOf(registerFormSchema.safeParse({ ...valid, terms: undefined })).terms).toBeDefined();
    expect(
      registerApiSchema.safeParse({ username: "A", email: "a@b.co", password: "compost-heap-7", user_type: "admin" }).success,
    ).toBe(true);
  });
});

describe("login, forgot and reset", () => {
  it("bounds the login e-mail like the registration's", () => {
    const at = (length: number) => `${"a".repeat(length - "@example.org".length)}@example.org`;
    expect(loginSchema.safeParse({ email: at(254), password: "x" }).success).toBe(true);
    expect(errorsOf(loginSchema.safeParse({ email: at(255), password: "x" })).email).toBe("Email is invalid");
    expect(errorsOf(loginSchema.safeParse({ email: at(16_000), password: "x" })).email).toBe("Email is invalid");
  });

  it("reads remember me from a checkbox or a boolean", () => {
    expect(loginSchema.parse({ email: "a@b.co", password: "x", remember: "on" }).remember).toBe(true);
    expect(loginSchema.parse({ email: "a@b.co", password: "x", remember: true }).remember).toBe(true);
    expect(loginSchema.parse({ email: "a@b.co", password: "x" }).remember).toBe(false);
  });

  it("uses the forgot-password messages", () => {
    expect(errorsOf(forgotPasswordSchema.safeParse({ email: "" })).email).toBe("Email address is required");
    expect(errorsOf(forgotPasswordSchema.safeParse({ email: "nope" })).email).toBe("Please enter a valid email address");
  });

  it("uses the reset-password messages", () => {
    const base = { token: "t" };
    expect(errorsOf(resetPasswordFormSchema.safeParse({ ...base, password: "", confirmPassword: "" }))).toMatchObject({
      password: "Password is required",
      confirmPassword: "Please confirm your password",
    });
    expect(errorsOf(resetPasswordFormSchema.safeParse({ ...base, password: "Ab1", confirmPassword: "Ab1" })).password).toBe(
      "Password must be at least 8 characters long",
    );
    expect(
      errorsOf(resetPasswordFormSchema.safeParse({ ...base, password: "abcdefgh1", confirmPassword: "abcdefgh1" })).password,
    ).toBe("Password must contain at least one uppercase letter, one lowercase letter, and one number");
    expect(
      errorsOf(resetPasswordFormSchema.safeParse({ ...base, password: "Abcdefgh1", confirmPassword: "Abcdefgh2" }))
        .confirmPassword,
    ).toBe("Passwords do not match");
    expect(resetPasswordFormSchema.safeParse({ ...base, password: "Abcdefgh1", confirmPassword: "Abcdefgh1" }).success).toBe(
      true,
    );
  });

  it("ticks the live checklist item by item", () => {
    expect(passwordRequirements.map((rule) => rule.test("abc"))).toEqual([false, false, true, false]);
    expect(passwordRequirements.every((rule) => rule.test("Abcdefg1"))).toBe(true);
  });
});

describe("a member's name, at registration and on the profile", () => {
  const RESERVED = "Name reads as “a deleted member”, which is kept for deleted accounts. Please choose another.";
  const INVISIBLE = "Name must not contain control or invisible characters (such as zero-width spaces or direction marks)";
  const registration = { username: "Ada Green", email: "ada@example.org", password: "compost-heap-7" };
  const profile = { name: "Ada Green" };
  const registeredName = (username: unknown) => registerApiSchema.safeParse({ ...registration, username });
  const profileName = (name: unknown) => profileSchema.safeParse({ ...profile, name });
  const firstError = (result: { success: boolean; error?: any }) => Object.values(errorsOf(result))[0];

  it.each([
    ["the name itself", "a deleted member", RESERVED],
    ["another case", "A deleted member", RESERVED],
    ["capitals and spaces around", "  A DELETED MEMBER ", RESERVED],
    ["more spaces between", "a  deleted   member", RESERVED],
    ["a Cyrillic е", "a d\u0435leted member", RESERVED],
    ["Greek α and ε", "\u03b1 d\u03b5leted member", RESERVED],
    ["full-width letters", "ａ ｄｅｌｅｔｅｄ ｍｅｍｂｅｒ", RESERVED],
    ["a zero-width space for the space", "a\u200Bdeleted member", INVISIBLE],
    ["a zero-width joiner inside", "a dele\u200Dted member", INVISIBLE],
  ])("refuses %s", (_, name, message) => {
    expect(firstError(registeredName(name))).toBe(message);
    expect(firstError(profileName(name))).toBe(message);
    expect(
      errorsOf(
        registerFormSchema.safeParse({ ...registration, username: name, confirmPassword: registration.password, terms: "on" }),
      ).username,
    ).toBe(message);
  });

  it.each([
    ["a line feed", "Ada\nGreen", "Name must be on one line"],
    ["a carriage return", "Ada\rGreen", "Name must be on one line"],
    ["a tab", "Ada\tGreen", "Name must be on one line"],
    ["NUL", "Ada\u0000Green", INVISIBLE],
    ["a right-to-left override", "Ada\u202eneerG", INVISIBLE],
    ["a zero-width space", "Ada\u200bGreen", INVISIBLE],
    ["only zero-width spaces", "\u200b\u200b", INVISIBLE],
    ["over 100 characters", "a".repeat(101), "Name must be at most 100 characters"],
  ])("refuses %s in either place, naming the field", (_, name, message) => {
    expect(errorsOf(registeredName(name))).toEqual({ username: message });
    expect(errorsOf(profileName(name))).toEqual({ name: message });
  });

  it("stores the name trimmed and in NFC, in either place", () => {
    expect(registerApiSchema.parse({ ...registration, username: "  Rene\u0301e Dupont\n" }).username).toBe("Renée Dupont");
    expect(profileSchema.parse({ ...profile, name: "\tRene\u0301e Dupont " }).name).toBe("Renée Dupont");
  });

  it("keeps names that only contain the words", () => {
    for (const name of ["A deleted member's friend", "Deleted Memberson", "Иван Петров"]) {
      expect(registeredName(name).success, name).toBe(true);
      expect(profileName(name).success, name).toBe(true);
    }
  });
});
