// `npm run icons`: writes app/components/icons.svg, the sprite every icon on every page draws
// from: one <symbol> per icon app/components/icons.tsx names, copied from lucide-react's own
// drawing of it. Pages then reference an icon (<use href="…#leaf">) instead of carrying its paths
// in their JavaScript and rendering them on every request (docs/decisions/025-icon-sprite.md).
// Run it after adding an icon; a unit test fails while the sprite differs from what it writes.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
export const ICONS_MODULE = path.join(root, "app/components/icons.tsx");
export const SPRITE_FILE = path.join(root, "app/components/icons.svg");

/**
 * The lucide names icons.tsx draws, in the order it names them: each `icon("name")` call.
 * @param {string} source
 */
export function iconNames(source) {
  return [...new Set([...source.matchAll(/\bicon\("([a-z0-9-]+)"\)/g)].map((match) => match[1]))];
}

const escapeAttribute = (/** @type {unknown} */ value) =>
  String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/**
 * The sprite's text for the icons icons.tsx names.
 * @returns {Promise<string>}
 */
export async function buildIconSprite() {
  const symbols = [];
  for (const name of iconNames(fs.readFileSync(ICONS_MODULE, "utf8"))) {
    const file = path.join(root, "node_modules/lucide-react/dist/esm/icons", `${name}.mjs`);
    if (!fs.existsSync(file))
      throw new Error(`icons.tsx names "${name}": lucide-react has no file of that name (use its current name, not an alias)`);
    /** @type {{ __iconData: { size: number; node: [string, Record<string, string | number>][] } }} */
    const { __iconData: data } = await import(pathToFileURL(file).href);
    const shapes = data.node.map(([tag, attributes]) => {
      const pairs = Object.entries(attributes)
        .filter(([key]) => key !== "key")
        .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`);
      return `<${tag}${pairs.join("")}/>`;
    });
    symbols.push(`<symbol id="${name}" viewBox="0 0 ${data.size} ${data.size}">${shapes.join("")}</symbol>`);
  }
  return [
    "<!-- Written by `npm run icons` from lucide-react (ISC licence): do not edit by hand. -->",
    '<svg xmlns="http://www.w3.org/2000/svg">',
    ...symbols,
    "</svg>",
    "",
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(SPRITE_FILE, await buildIconSprite());
  console.log(`Wrote ${path.relative(root, SPRITE_FILE)}`);
}
