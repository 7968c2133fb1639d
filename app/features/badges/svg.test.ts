import { describe, expect, it } from "vitest";
import { badgeSvg, badgeThemeOf, escapeXml } from "./svg";

const content = {
  subject: "Repair Café",
  figures: { weight_kg: 1234.5, co2e_kg: 56.78 },
  factorTable: "U.S. EPA Waste Reduction Model (WARM)",
};

/** The text a reader of the image's title gets, markup and entities undone. */
const titleOf = (svg: string) => /<title id="badge-title">([^<]*)<\/title>/.exec(svg)?.[1];

describe("badgeSvg", () => {
  it("is an image with a title and description it is labelled by, its figures and factor table in text elements", () => {
    const svg = badgeSvg(content, "light");
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="badge-title badge-desc"');
    expect(titleOf(svg)).toBe("Circular Hub impact of Repair Café: 1,234.5 kg of waste diverted and 56.78 kg CO2e avoided");
    expect(svg).toContain('<desc id="badge-desc">CO2e worked out with the U.S. EPA Waste Reduction Model (WARM).</desc>');
    expect(svg).toMatch(/<text[^>]*>1,234\.5 kg diverted · 56\.78 kg CO2e avoided<\/text>/);
    expect(svg).toMatch(/<text[^>]*>CO2e: U\.S\. EPA Waste Reduction Model \(WARM\)<\/text>/);
    expect(svg).not.toContain("<path");
  });

  it("runs nothing and fetches nothing, its font a generic family", () => {
    const svg = badgeSvg(content, "dark");
    expect(svg).not.toMatch(/<script|on[a-z]+=|href|<image|<foreignObject|url\(|@import/i);
    expect(svg).toContain('font-family="system-ui, sans-serif"');
  });

  it("escapes a name so it stays text: no element, attribute or entity of its own", () => {
    const svg = badgeSvg({ ...content, subject: `<script>alert("x")</script> & Co's "best"` }, "light");
    expect(svg).not.toContain("<script");
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&apos;s &quot;best&quot;");
    // Characters XML cannot hold at all are left out rather than breaking the image.
    expect(badgeSvg({ ...content, subject: "Bad\u0001name" }, "light")).toContain("Badname");
    expect(escapeXml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
  });

  it("shortens a long name on the badge but keeps it whole in the title", () => {
    const subject = "A very long event title that goes on and on past the badge's edge";
    const svg = badgeSvg({ ...content, subject }, "light");
    expect(svg).toMatch(/<text[^>]*>Circular Hub · A very long event title that goes on an…<\/text>/);
    expect(titleOf(svg)).toContain(subject.replace("'", "&apos;"));
  });

  it("draws the dark variant for theme=dark and the light one for anything else", () => {
    expect(badgeThemeOf("dark")).toBe("dark");
    for (const value of [null, "", "light", "DARK", "blue"]) expect(badgeThemeOf(value)).toBe("light");
    const light = badgeSvg(content, "light");
    const dark = badgeSvg(content, "dark");
    expect(light).toContain('fill="#ffffff"');
    expect(dark).toContain('fill="#0f172a" stroke=');
    expect(dark).not.toBe(light);
  });

  it("says what is missing when there are no figures yet", () => {
    const svg = badgeSvg({ ...content, figures: null, pending: "Results not recorded yet" }, "light");
    expect(svg).toMatch(/<text[^>]*>Results not recorded yet<\/text>/);
    expect(titleOf(svg)).toBe("Circular Hub impact of Repair Café: Results not recorded yet");
  });
});
