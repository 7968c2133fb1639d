import { describe, expect, it } from "vitest";
import { readCsv } from "./csv";

describe("readCsv", () => {
  it("reads rows by header name, keeping every field as text (leading zeros)", () => {
    expect(readCsv("code,hazardous\r\n010101,false\r\n020304,true\r\n")).toEqual([
      { code: "010101", hazardous: "false" },
      { code: "020304", hazardous: "true" },
    ]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks, and empty fields", () => {
    expect(readCsv('a,b,c\n"one, two","say ""hi""",\n"line\r\nbreak",,x')).toEqual([
      { a: "one, two", b: 'say "hi"', c: "" },
      { a: "line\r\nbreak", b: "", c: "x" },
    ]);
  });

  it("skips a byte order mark and reads a header alone as no rows", () => {
    expect(readCsv("\uFEFFcode\r\n")).toEqual([]);
    expect(readCsv("")).toEqual([]);
  });

  it("refuses a row of the wrong width and a quote left open", () => {
    expect(() => readCsv("a,b\n1,2,3\n")).toThrow("CSV row 2 has 3 fields, the header 2");
    expect(() => readCsv('a\n"open\n')).toThrow("CSV ends inside a quoted field");
  });
});
