import { describe, expect, it } from "vitest";
import { badgeSvg, badgeThemeOf, BADGE_WIDTH, escapeXml, widestTextWidth } from "./svg";

const content = {
  site: "Circular Hub",
  subject: "Repair Café",
  figures: { weight_kg: 1234.5, co2e_kg: 56.78 },
  factorTable: "U.S. EPA Waste Reduction Model (WARM)",
};

/** The text a reader of the image's title gets, markup and entities undone. */
const titleOf = (svg: string) => /<title id="badge-title">([^<]*)<\/title>/.exec(svg)?.[1];
/** The heading the badge draws, its first line. */
const headingOf = (svg: string) => /<text[^>]*font-size="15"[^>]*>([^<]*)<\/text>/.exec(svg)?.[1];

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
    const heading = headingOf(svg)!;
    expect(heading).toMatch(/^Circular Hub · A very long event [^<]*…$/);
    expect(widestTextWidth(heading, 15)).toBeLessThanOrEqual(BADGE_WIDTH - 32);
    expect(titleOf(svg)).toContain(subject.replace("'", "&apos;"));
  });

  it("starts with the site's name, and fits a long name and a long site name inside its width, each letter at its widest", () => {
    expect(headingOf(badgeSvg({ ...content, site: "Tyne Loop" }, "light"))).toBe("Tyne Loop · Repair Café");
    expect(titleOf(badgeSvg({ ...content, site: "Tyne Loop" }, "light"))).toMatch(/^Tyne Loop impact of Repair Café: /);
    const word = "Polyethyleneterephthalatebottlereprocessingxx";
    for (const [site, subject] of [
      ["Circular Hub", `Maximilian ${word} Ltd`],
      [`The ${word} Circular E`, "Repair Café"],
      [`The ${word} Circular E`, `Maximilian ${word} Ltd`],
      ["W".repeat(60), "M".repeat(60)],
      ["Circular Hub", "中文名字的会员".repeat(8)],
    ]) {
      const heading = headingOf(badgeSvg({ ...content, site, subject }, "light"))!;
      expect(widestTextWidth(heading, 15)).toBeLessThanOrEqual(BADGE_WIDTH - 32);
      expect(heading).toContain("…");
      expect(heading).toContain(" · ");
      // A short subject is shown whole.
      if (subject === "Repair Café") expect(heading).toMatch(/ · Repair Café$/);
      // The site's name, or as much of it as leaves the subject half the line.
      const shownSite = heading.split(" · ")[0];
      expect(site.startsWith(shownSite.replace(/…$/, ""))).toBe(true);
      expect(shownSite.length).toBeGreaterThan(3);
    }
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
