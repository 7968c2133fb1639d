import postcodeDistricts from "~/content/places/postcode-districts.tsv?raw";
import townTable from "~/content/places/towns.tsv?raw";
import type { Point } from "~/lib/distance";

/**
 * Where a location's text is on the map, from the gazetteer shipped in app/content/places/ (its
 * README says where the data comes from): a UK postcode counts by its district, anything else by
 * the town it names. Pure and in memory: the tables are read into maps on the first question
 * (about 30,000 rows, a few tens of ms) and kept.
 */

export type Place = Point & { label: string; kind: "postcode" | "town" };

type Town = Point & { name: string; country: string; population: number };

/** Case, accents and punctuation do not matter: "Saint-Étienne" and "saint etienne" are one name. */
export const foldPlaceName = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Names a location may end with to say its country, besides the countries' own names and codes. */
const COUNTRY_WORDS: Record<string, string> = {
  uk: "GB",
  "united kingdom": "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  "republic of ireland": "IE",
  eire: "IE",
  usa: "US",
  "united states of america": "US",
};

/** The US states' postal abbreviations ("Portland, OR"); "CA" is California as well as Canada. */
const US_STATES =
  "al ak az ar ca co ct de fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy dc".split(
    " ",
  );

type Gazetteer = {
  districts: Map<string, Place>;
  towns: Map<string, Town[]>;
  /** The UK places the postcode districts name ("Hull", which GeoNames' towns call Kingston upon Hull): the centre of their districts. */
  districtPlaces: Map<string, Place>;
  countries: Map<string, Set<string>>;
};
let loaded: Gazetteer | null = null;

function rowsOf(table: string): string[][] {
  return table
    .split("\n")
    .slice(1)
    .filter((line) => line !== "")
    .map((line) => line.split("\t"));
}

function load(): Gazetteer {
  const districts = new Map<string, Place>();
  const sums = new Map<string, { name: string; lat: number; lng: number; n: number }>();
  for (const [district, lat, lng, place] of rowsOf(postcodeDistricts)) {
    if (place) {
      const sum = sums.get(foldPlaceName(place)) ?? { name: place, lat: 0, lng: 0, n: 0 };
      sums.set(foldPlaceName(place), { name: sum.name, lat: sum.lat + Number(lat), lng: sum.lng + Number(lng), n: sum.n + 1 });
    }
    districts.set(district, {
      lat: Number(lat),
      lng: Number(lng),
      label: place ? `${district}, ${place}` : district,
      kind: "postcode",
    });
  }
  const districtPlaces = new Map<string, Place>();
  for (const [key, sum] of sums)
    districtPlaces.set(key, { lat: round4(sum.lat / sum.n), lng: round4(sum.lng / sum.n), label: sum.name, kind: "town" });
  const towns = new Map<string, Town[]>();
  const countries = new Map<string, Set<string>>();
  const addCountry = (word: string, country: string) => countries.set(word, (countries.get(word) ?? new Set()).add(country));
  for (const [word, country] of Object.entries(COUNTRY_WORDS)) addCountry(word, country);
  for (const state of US_STATES) addCountry(state, "US");
  const countryNames = new Intl.DisplayNames(["en"], { type: "region" });
  const named = new Set<string>();
  for (const [name, country, lat, lng, population] of rowsOf(townTable)) {
    const key = foldPlaceName(name);
    const town = { name, country, lat: Number(lat), lng: Number(lng), population: Number(population) };
    const list = towns.get(key);
    if (list) list.push(town);
    else towns.set(key, [town]);
    if (!named.has(country)) {
      named.add(country);
      addCountry(country.toLowerCase(), country);
      const countryName = countryNames.of(country);
      if (countryName) addCountry(foldPlaceName(countryName), country);
    }
  }
  return { districts, towns, districtPlaces, countries };
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

const gazetteer = () => (loaded ??= load());

/** A full postcode ("LS1 4AP", "ls14ap") or an outward code alone ("LS1"), anywhere in the text. */
const FULL_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})\b/g;
const OUTWARD_CODE = /\b[A-Z]{1,2}\d[A-Z\d]?\b/g;

function postcodeDistrictIn(text: string, districts: Map<string, Place>): Place | null {
  const upper = text.toUpperCase();
  for (const [, outward] of upper.matchAll(FULL_POSTCODE)) {
    const place = districts.get(outward);
    if (place) return place;
  }
  for (const [outward] of upper.matchAll(OUTWARD_CODE)) {
    const place = districts.get(outward);
    if (place) return place;
  }
  return null;
}

/** Of the towns of one name, the one the country narrows to, else a UK one, else the most populous (the tables list them so). */
function pick(towns: Town[], country: Set<string> | null): Town | undefined {
  const narrowed = country ? towns.filter((town) => country.has(town.country)) : [];
  if (narrowed.length) return mostPopulous(narrowed);
  if (country) return undefined;
  const british = towns.filter((town) => town.country === "GB");
  return mostPopulous(british.length ? british : towns);
}

const mostPopulous = (towns: Town[]) => towns.reduce((best, town) => (town.population > best.population ? town : best));

/**
 * The place a location's text names, or null: a UK postcode or outward code in it, else a town
 * ("Leeds", "Leeds, West Yorkshire"; "Accra, Ghana" or "Leeds, UK" narrow by country). Never
 * throws: text it cannot read is no place.
 */
export function resolvePlace(text: string | null | undefined): Place | null {
  if (typeof text !== "string") return null;
  const trimmed = text.slice(0, 200).trim();
  if (!trimmed) return null;
  const { districts, towns, districtPlaces, countries } = gazetteer();
  const postcode = postcodeDistrictIn(trimmed, districts);
  if (postcode) return postcode;

  const parts = trimmed
    .split(/[,;/()\n]+/)
    .map(foldPlaceName)
    .filter(Boolean);
  const country = parts.slice(1).reduce<Set<string> | null>((found, part) => found ?? countries.get(part) ?? null, null);
  for (const candidate of [foldPlaceName(trimmed), ...parts]) {
    const named = towns.get(candidate);
    const town = named && pick(named, country);
    if (town) return { lat: town.lat, lng: town.lng, label: town.name, kind: "town" };
  }
  // A UK place the towns do not list under that name, by the postcode districts that name it.
  if (country && !country.has("GB")) return null;
  for (const candidate of [foldPlaceName(trimmed), ...parts]) {
    const place = districtPlaces.get(candidate);
    if (place) return place;
  }
  return null;
}

/** The `lat` and `lng` columns a row's location text is stored with (both null when it names no known place). */
export function pointColumns(location: string | null | undefined): { lat: number | null; lng: number | null } {
  const place = resolvePlace(location);
  return place ? { lat: place.lat, lng: place.lng } : { lat: null, lng: null };
}
