import { describe, expect, it } from "vitest";
import { isNameLine, isPlainLine, oneLineText } from "./text";

const name = oneLineText("Name", 20);
const errorOf = (value: unknown) => {
  const result = name.safeParse(value);
  return result.success ? undefined : result.error.issues[0].message;
};

describe("a one-line text field", () => {
  it("is trimmed and put in NFC", () => {
    expect(name.parse("  Ada Green \t")).toBe("Ada Green");
    // "e" and a combining acute accent become the one character "é".
    const decomposed = "Rene\u0301e";
    expect(name.parse(decomposed)).toBe("Renée");
    expect(name.parse(decomposed)).toHaveLength(5);
    expect(name.parse("Tomás Silva")).toBe("Tomás Silva");
  });

  it("refuses line breaks and tabs inside it", () => {
    for (const value of [
      "Ada\nGreen",
      "Ada\r\nGreen",
      "Ada\rGreen",
      "Ada\tGreen",
      "Ada\u2028Green",
      "Ada\u2029Green",
      "Ada\u0085Green",
    ]) {
      expect(errorOf(value), JSON.stringify(value)).toBe("Name must be on one line");
    }
  });

  it("refuses control, direction-override and zero-width characters", () => {
    const message = "Name must not contain control or invisible characters (such as zero-width spaces or direction marks)";
    for (const character of [
      "\u0000", // NUL
      "\u0007", // bell
      "\u001b", // escape
      "\u007f", // DEL
      "\u009b", // C1 control sequence introducer
      "\u202e", // right-to-left override
      "\u202a", // left-to-right embedding
      "\u2066", // left-to-right isolate
      "\u200e", // left-to-right mark
      "\u200b", // zero-width space
      "\u200c", // zero-width non-joiner
      "\u200d", // zero-width joiner
      "\u2060", // word joiner
      "\ufeff", // zero-width no-break space (inside, where trimming leaves it)
      "\u00ad", // soft hyphen
      "\u3164", // Hangul filler
    ]) {
      expect(errorOf(`Ada${character}Green`), character.codePointAt(0)!.toString(16)).toBe(message);
    }
    // Only invisible characters: not blank by trimming, refused as invisible.
    expect(errorOf("\u200b\u200b")).toBe(message);
  });

  it("keeps letters of every script, emoji and their variation selectors", () => {
    for (const value of ["Zoë Ōkubo", "Иван Петров", "Αλέξανδρος", "李小龍", "محمد", "Nia ❤️"]) {
      expect(name.parse(value)).toBe(value);
    }
  });

  it("says what is missing or too long, with the field's name", () => {
    expect(errorOf("")).toBe("Name is required");
    expect(errorOf("   \n ")).toBe("Name is required");
    expect(errorOf(undefined)).toBe("Name is required");
    expect(errorOf(5)).toBe("Name is required");
    expect(errorOf("a".repeat(21))).toBe("Name must be at most 20 characters");
    expect(name.safeParse("a".repeat(21)).error?.issues).toHaveLength(1);
  });
});

describe("lines a document prints and lines that name something", () => {
  it("take a line in any script; a plain line may hold what joins letters, a name may not", () => {
    for (const line of ["Unit 4, Mill Lane", "Zażółć Łódź 株式会社 😀", "می\u200cخواهم"])
      expect(isPlainLine(line), line).toBe(true);
    expect(isNameLine("Zażółć Łódź 株式会社 😀")).toBe(true);
    expect(isNameLine("Green\u200bLoop")).toBe(false);
  });

  it("refuse line breaks, control and direction-override characters in both", () => {
    for (const line of ["a\nb", "a\rb", "a\u2028b", "a\u0000", "a\u0007", "\u202eab", "a\u0085b"]) {
      expect(isPlainLine(line), JSON.stringify(line)).toBe(false);
      expect(isNameLine(line), JSON.stringify(line)).toBe(false);
    }
  });
});
