import { useState } from "react";
import { SlidersHorizontal } from "~/components/icons";
import { SearchButton, SearchForm, SearchInput, SearchSelect } from "~/components/search-form";
import type { MarketplacePage } from "~/features/exchange/schemas";
import {
  LISTING_CATEGORIES,
  LISTING_KIND_LABELS,
  LISTING_KINDS,
  MATERIAL_LABELS,
  MATERIALS,
} from "~/features/exchange/vocabulary";
import { PRODUCT_SORTS } from "~/features/marketplace/marketplace";
import { displayWasteCode } from "~/features/waste-codes/vocabulary";
import { PLACES_ATTRIBUTION } from "~/lib/distance";

/** A chapter's title is long ("Wastes resulting from exploration, mining, ..."): the select shows its start, narrow enough for a phone. */
const shortTitle = (title: string) => (title.length > 22 ? `${title.slice(0, 21).trimEnd()}…` : title);

const FILTERS = ["category", "kind", "material", "location", "near", "ewc_chapter", "ewc_code"] as const;

/** The radii the page offers from its Near place (none chosen is 50 km); the search takes any whole km from 1 to 500. */
const RADII = [5, 10, 25, 50, 100, 250, 500] as const;

/**
 * The marketplace's search: the words always, the filters and the sort in a <details> that a
 * phone keeps folded behind "Filters", so the results start on the first screen; from 640 px the
 * filters stand open in one row (app.css, .fold-on-phone). A plain GET form: it works without
 * JavaScript, members' and visitors' pages alike. A filter refused (a Near place not found, a
 * distance sort or radius with nothing to measure from) opens the section, in the server's render
 * too, so a phone shows the message beside its field; the member may fold it again.
 */
export function MarketplaceFilters({
  query,
  chapters,
  distanceError = null,
}: {
  query: MarketplacePage;
  chapters: readonly { chapter: string; title: string }[];
  /** Why the distance asked for was not measured (a place not found), shown by its field. */
  distanceError?: { field: string; message: string } | null;
}) {
  const nearError = distanceError?.field === "near" ? distanceError.message : null;
  const sortError = distanceError && distanceError.field !== "near" ? distanceError.message : null;
  const active = FILTERS.filter((name) => query[name]).length + (query.sort !== "featured" ? 1 : 0);
  const filterError = nearError ?? sortError;
  const [open, setOpen] = useState(filterError !== null);
  // A new refusal while the page runs (a search sent by script) opens the section again.
  const [shownError, setShownError] = useState(filterError);
  if (filterError !== shownError) {
    setShownError(filterError);
    if (filterError !== null) setOpen(true);
  }
  return (
    <SearchForm label="Listings">
      {query.view === "list" ? <input type="hidden" name="view" value="list" /> : null}
      <SearchInput id="listing-search" value={query.q} placeholder="Title or description" />
      <details className="fold-on-phone group open:w-full" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal aria-hidden className="size-4" />
          Filters{active ? ` (${active} on)` : ""}
        </summary>
        <div className="mt-3 flex flex-wrap items-end gap-3 sm:contents">
          <SearchSelect
            id="listing-category"
            label="Category"
            name="category"
            value={query.category ?? ""}
            options={[{ value: "", label: "All Categories" }, ...LISTING_CATEGORIES]}
          />
          <SearchSelect
            id="listing-kind"
            label="Kind"
            name="kind"
            value={query.kind ?? ""}
            options={[
              { value: "", label: "All kinds" },
              ...LISTING_KINDS.map((kind) => ({ value: kind, label: LISTING_KIND_LABELS[kind] })),
            ]}
          />
          <SearchSelect
            id="listing-material"
            label="Material"
            name="material"
            value={query.material ?? ""}
            options={[
              { value: "", label: "All materials" },
              ...MATERIALS.map((material) => ({ value: material, label: MATERIAL_LABELS[material] })),
            ]}
          />
          <div className="min-w-40">
            <label htmlFor="listing-location" className="text-sm font-medium text-slate-700">
              Location
            </label>
            <input
              id="listing-location"
              name="location"
              type="text"
              defaultValue={query.location ?? ""}
              key={query.location ?? ""}
              maxLength={100}
              placeholder="Town or region"
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            />
          </div>
          <div className="min-w-48">
            <label htmlFor="listing-near" className="text-sm font-medium text-slate-700">
              Near (postcode or town)
            </label>
            <input
              id="listing-near"
              name="near"
              type="text"
              defaultValue={query.near ?? ""}
              key={query.near ?? ""}
              maxLength={100}
              placeholder="e.g. LS1 or Leeds"
              aria-invalid={nearError ? true : undefined}
              aria-describedby={nearError ? "listing-near-error" : undefined}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm aria-invalid:border-red-600"
            />
            {nearError ? (
              <p id="listing-near-error" className="mt-1 max-w-64 text-xs text-red-700">
                {nearError}
              </p>
            ) : null}
          </div>
          <SearchSelect
            id="listing-radius"
            label="Within"
            name="radius_km"
            value={query.radius_km ? String(query.radius_km) : ""}
            options={[
              { value: "", label: "50 km" },
              ...RADII.filter((km) => km !== 50).map((km) => ({ value: String(km), label: `${km} km` })),
              ...(query.radius_km && !RADII.includes(query.radius_km as (typeof RADII)[number])
                ? [{ value: String(query.radius_km), label: `${query.radius_km} km` }]
                : []),
            ]}
          />
          <SearchSelect
            id="listing-ewc-chapter"
            label="Waste chapter"
            name="ewc_chapter"
            value={query.ewc_chapter ?? ""}
            options={[
              { value: "", label: "Any chapter" },
              ...chapters.map(({ chapter, title }) => ({ value: chapter, label: `${chapter} ${shortTitle(title)}` })),
            ]}
          />
          <div className="min-w-32">
            <label htmlFor="listing-ewc-code" className="text-sm font-medium text-slate-700">
              Waste code
            </label>
            <input
              id="listing-ewc-code"
              name="ewc_code"
              type="text"
              inputMode="numeric"
              defaultValue={query.ewc_code ? displayWasteCode(query.ewc_code) : ""}
              key={query.ewc_code ?? ""}
              maxLength={12}
              placeholder="e.g. 20 01 01"
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            />
          </div>
          <SearchSelect id="listing-sort" label="Sort by" name="sort" value={query.sort} options={PRODUCT_SORTS} />
          {sortError ? (
            <p role="alert" className="w-full text-xs text-red-700">
              {sortError}
            </p>
          ) : null}
          <p className="w-full text-xs text-slate-500">Distances in a straight line. {PLACES_ATTRIBUTION}</p>
        </div>
      </details>
      <SearchButton />
    </SearchForm>
  );
}

/** The marketplace page's address for its query with some of it changed (`base`: /app/marketplace or /marketplace). */
export function marketplaceHref(base: string, query: MarketplacePage, changes: Partial<MarketplacePage>) {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.category) params.set("category", next.category);
  if (next.kind) params.set("kind", next.kind);
  if (next.material) params.set("material", next.material);
  if (next.location) params.set("location", next.location);
  if (next.near) params.set("near", next.near);
  if (next.radius_km) params.set("radius_km", String(next.radius_km));
  if (next.ewc_chapter) params.set("ewc_chapter", next.ewc_chapter);
  if (next.ewc_code) params.set("ewc_code", next.ewc_code);
  if (next.sort !== "featured") params.set("sort", next.sort);
  if (next.view !== "grid") params.set("view", next.view);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return `${base}${search ? `?${search}` : ""}`;
}
