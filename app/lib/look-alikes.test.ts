import { describe, expect, it } from "vitest";
import { lookAlikeKey } from "./look-alikes";

describe("what a text reads as", () => {
  const key = lookAlikeKey("a deleted member");

  it("is the same for case, spaces, width and zero-width characters", () => {
    expect(key).toBe("adeletedmember");
    for (const imitation of [
      "A Deleted Member",
      "  a   deleted\u00a0member ",
      "a\u200Bdeleted member",
      "adeleted member",
      "a dele\u200Dted mem\uFEFFber",
      "ａ ｄｅｌｅｔｅｄ ｍｅｍｂｅｒ",
      "𝐚 𝐝𝐞𝐥𝐞𝐭𝐞𝐝 𝐦𝐞𝐦𝐛𝐞𝐫",
    ]) {
      expect(lookAlikeKey(imitation), JSON.stringify(imitation)).toBe(key);
    }
  });

  it("reads the Cyrillic and Greek look-alikes as Latin letters, in both cases", () => {
    expect(lookAlikeKey("a dеlеtеd mеmbеr")).toBe(key); // Cyrillic е
    expect(lookAlikeKey("А DЕLЕТЕD МЕМВЕR")).toBe(key); // Cyrillic А Е Т М В
    expect(lookAlikeKey("Α DΕLΕΤΕD ΜΕΜΒΕR")).toBe(key); // Greek Α Ε Τ Μ Β
    expect(lookAlikeKey("α dεlεtεd member")).toBe(key); // Greek α ε
    expect(lookAlikeKey("АВЕЅІЈКМНОРСТУХҮҺӀԀԚԜ")).toBe("abesijkmhopctyxyhidqw");
    expect(lookAlikeKey("авеѕіјкмнорстухүһӏԁԛԝ")).toBe("abesijkmhopctyxyhldqw");
    expect(lookAlikeKey("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ")).toBe("abezhikmnoptyx");
    expect(lookAlikeKey("αεικνορτυχγ")).toBe("aeikvoptuxy");
  });

  it("keeps what reads differently apart", () => {
    expect(lookAlikeKey("a deleted members")).not.toBe(lookAlikeKey("a deleted member"));
    expect(lookAlikeKey("a délété member")).not.toBe(lookAlikeKey("a deleted member"));
    // Letters with no Latin look-alike (б, и) stay as they are.
    expect(lookAlikeKey("Борис")).toBe("\u0431op\u0438c");
  });
});
