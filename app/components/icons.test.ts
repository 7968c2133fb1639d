import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildIconSprite, iconNames, ICONS_MODULE, SPRITE_FILE } from "../../scripts/icon-sprite.js";
import { Leaf, Star } from "./icons";

describe("icons", () => {
  it("the sprite holds exactly the icons icons.tsx names (run `npm run icons` when this fails)", async () => {
    const sprite = fs.readFileSync(SPRITE_FILE, "utf8");
    expect(sprite).toBe(await buildIconSprite());
    const names = iconNames(fs.readFileSync(ICONS_MODULE, "utf8"));
    expect(names.length).toBeGreaterThan(50);
    expect([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1])).toEqual(names);
  });

  it("each export draws the icon lucide-react gives that name (an alias such as CheckCircle2 included)", () => {
    // lucide-react's index: `export { default as CheckCircle2, default as CircleCheck, … } from './icons/circle-check.mjs';`
    const index = fs.readFileSync("node_modules/lucide-react/dist/esm/lucide-react.mjs", "utf8");
    const lucideFileOf = new Map<string, string>();
    for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g)) {
      for (const [, name] of names!.matchAll(/default as (\w+)/g)) lucideFileOf.set(name!, file!);
    }
    const exports = [...fs.readFileSync(ICONS_MODULE, "utf8").matchAll(/export const (\w+) = icon\("([a-z0-9-]+)"\)/g)];
    expect(exports.length).toBe(iconNames(fs.readFileSync(ICONS_MODULE, "utf8")).length);
    for (const [, name, drawing] of exports) expect({ name, drawing: lucideFileOf.get(name!) }).toEqual({ name, drawing });
  });

  it("the sprite draws lucide's own paths", () => {
    const sprite = fs.readFileSync(SPRITE_FILE, "utf8");
    expect(sprite).toContain(
      '<symbol id="leaf" viewBox="0 0 24 24"><path d="M11 20a10 10 0 0010-10 25.9 25.9 0 00-1.04-7.281 1 1 0 00-1.755-.325C15.833 5.5 13 5.5 9.8 6.1A7 7 0 0011 20"/>',
    );
  });

  it("an icon is one use of its symbol, hidden from assistive technology unless labelled", () => {
    const decorative = renderToStaticMarkup(createElement(Leaf, { className: "size-4 text-emerald-600" }));
    expect(decorative).toMatch(
      /^<svg [^>]*class="icon size-4 text-emerald-600"[^>]*><use href="[^"]*icons\.svg#leaf"><\/use><\/svg>$/,
    );
    expect(decorative).toContain('aria-hidden="true"');
    // The stroke is the `icon` class's (app.css), not five attributes on every icon.
    expect(decorative).not.toContain("stroke");
    expect(renderToStaticMarkup(createElement(Leaf))).toMatch(/class="icon"/);

    const labelled = renderToStaticMarkup(createElement(Star, { "aria-label": "Featured", role: "img" }));
    expect(labelled).not.toContain("aria-hidden");
    expect(labelled).toContain('aria-label="Featured"');
  });
});
