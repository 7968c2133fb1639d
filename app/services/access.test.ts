import { describe, expect, it } from "vitest";
import { canChangeComment, canChangePost, hasRole, isAdmin, isRole } from "./access.server";

const member = { id: 1, userType: "user" as const };
const admin = { id: 2, userType: "admin" as const };

describe("access rules", () => {
  it("know the closed set of roles", () => {
    expect(isRole("user")).toBe(true);
    expect(isRole("admin")).toBe(true);
    expect(isRole("moderator")).toBe(false);
    expect(isRole("")).toBe(false);
    expect(hasRole(admin, "admin")).toBe(true);
    expect(isAdmin(member)).toBe(false);
  });

  it("let only the author change a post or a comment, not even an admin", () => {
    expect(canChangePost(member, { authorId: 1 })).toBe(true);
    expect(canChangePost(member, { authorId: 3 })).toBe(false);
    expect(canChangePost(admin, { authorId: 3 })).toBe(false);
    expect(canChangePost(admin, { authorId: 2 })).toBe(true);
    expect(canChangeComment(admin, { authorId: 3 })).toBe(false);
    expect(canChangeComment(member, { authorId: 3 })).toBe(false);
    expect(canChangeComment(member, { authorId: 1 })).toBe(true);
  });
});
