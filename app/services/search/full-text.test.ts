import { describe, expect, it } from "vitest";
import { toFtsQuery } from "~/lib/fts-query";
import { toTsQuery } from "./full-text.server";

describe("an FTS5 query said as a tsquery", () => {
  it("makes quoted prefix terms prefix lexemes, all required", () => {
    expect(toTsQuery(toFtsQuery("Reclaimed  oak, café!")!)).toBe("Reclaimed:* & oak:* & café:*");
  });

  it("keeps corrections, groups and explicit operators", () => {
    expect(toTsQuery(`("cardbord"* OR "cardboard" OR "cardboards") AND "box"*`)).toBe(
      "( cardbord:* | cardboard | cardboards ) & box:*",
    );
    expect(toTsQuery(`"a"* ("b"* OR "c")`)).toBe("a:* & ( b:* | c )");
  });

  it("answers nothing for nothing", () => {
    expect(toTsQuery("")).toBe("");
  });
});
