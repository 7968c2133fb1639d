import { RefreshCw, Search, SlidersHorizontal } from "~/components/icons";
import type { MouseEvent } from "react";
import { Form } from "react-router";
import { Link } from "~/lib/link";
import { SearchSelect } from "~/components/search-form";
import { CATEGORIES, COMMUNITY_TABS, labelOf, POST_TYPES, SAVED_TAB, TIME_RANGES } from "~/features/community/vocabulary";
import type { CommunityView } from "~/features/community/wire";
import { Spaced } from "~/components/spaced";

const TIME_RANGE_LABELS = { all: "All time", today: "Today", week: "This week", month: "This month" } as const;

/** The URL of the community page for a view; `page`, `post` and the dialog flags left out. */
export function communityHref(view: Partial<CommunityView>, extra: Record<string, string | number | undefined> = {}) {
  const params = new URLSearchParams();
  const entries: [string, string | number | undefined][] = [
    ["tab", view.tab === "for-you" ? undefined : view.tab],
    ["category", view.category],
    ["postType", view.postType],
    ["timeRange", view.timeRange === "all" ? undefined : view.timeRange],
    ["location", view.location],
    ["search", view.search],
    ...Object.entries(extra),
  ];
  for (const [key, value] of entries) if (value !== undefined && value !== "") params.set(key, String(value));
  const query = params.toString();
  return query ? `/app/community?${query}` : "/app/community";
}

/** The filter state carried by a form that changes one other thing (tab, search). */
function HiddenView({ view, omit }: { view: CommunityView; omit: (keyof CommunityView)[] }) {
  const fields: [keyof CommunityView, string | undefined][] = [
    ["tab", view.tab],
    ["category", view.category],
    ["postType", view.postType],
    ["timeRange", view.timeRange === "all" ? undefined : view.timeRange],
    ["location", view.location],
  ];
  return (
    <>
      {fields
        .filter(([name, value]) => value !== undefined && !omit.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

const selectClass = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

/**
 * Tabs, search (Enter), the filter panel (category, post type, time range; Apply and Clear) and
 * Refresh. All are links or GET forms, so the state lives in the URL; filters take
 * effect on Apply, Clear, Refresh or load, never while a member is still choosing.
 */
export function FeedToolbar({
  view,
  preferredLocation,
  onRefresh,
}: {
  view: CommunityView;
  preferredLocation: string | null;
  onRefresh: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const filtered = Boolean(view.category || view.postType || view.timeRange !== "all" || view.location);
  return (
    <div className="space-y-3">
      <div>
        <nav
          aria-label="Feeds"
          // Five tabs fit a phone in two rows of three, a wider screen in one.
          className="grid grid-cols-3 gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200 min-[480px]:grid-cols-5"
        >
          <Spaced>
            {[...COMMUNITY_TABS, SAVED_TAB].map((tab) => {
              const current = tab.id === view.tab && !view.search;
              return (
                <Link
                  key={tab.id}
                  to={
                    // Saved posts are the member's own list: the feeds' filters do not apply to it.
                    tab.id === SAVED_TAB.id
                      ? communityHref({ tab: tab.id })
                      : communityHref({
                          ...view,
                          tab: tab.id,
                          search: undefined,
                          location: tab.id === "local" ? view.location : undefined,
                        })
                  }
                  aria-current={current ? "page" : undefined}
                  className={`rounded-lg px-1 py-1.5 text-center text-xs font-medium whitespace-nowrap min-[360px]:text-sm ${
                    current ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-100"
                  }`}
                >
                  {tab.label}
                </Link>
              );
            })}
          </Spaced>
        </nav>
      </div>

      <div className="flex flex-wrap items-start gap-2">
        <Form
          method="get"
          action="/app/community"
          role="search"
          // Apart from the header's search of the whole community: this one keeps the tab and filters.
          aria-label="Search posts in this feed"
          className="relative min-w-48 flex-1"
        >
          <HiddenView view={view} omit={[]} />
          <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400" />
          <label htmlFor="community-search" className="sr-only">
            Search posts
          </label>
          <input
            id="community-search"
            type="search"
            name="search"
            defaultValue={view.search ?? ""}
            key={view.search ?? ""}
            maxLength={200}
            placeholder="Search posts"
            className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm"
          />
        </Form>
        <Link
          to={communityHref(view, { search: view.search })}
          onClick={onRefresh}
          preventScrollReset
          className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          <RefreshCw aria-hidden className="size-4" /> Refresh
        </Link>
      </div>

      <details className="group rounded-xl bg-white shadow-sm ring-1 ring-slate-200" open={filtered || undefined}>
        <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-2.5 text-sm font-medium text-slate-700">
          <SlidersHorizontal aria-hidden className="size-4" /> Filters
          {filtered ? <span className="rounded-full bg-brand-100 px-2 text-xs text-brand-800">on</span> : null}
        </summary>
        <Form
          method="get"
          action="/app/community"
          className="grid gap-3 border-t border-slate-100 p-4 sm:grid-cols-3"
          key={communityHref(view)}
        >
          <HiddenView view={view} omit={["category", "postType", "timeRange", "location"]} />
          {view.search ? <input type="hidden" name="search" value={view.search} /> : null}
          <SearchSelect
            wide
            id="filter-category"
            label="Category"
            name="category"
            value={view.category ?? ""}
            options={[{ value: "", label: "All categories" }, ...CATEGORIES.map((value) => ({ value, label: labelOf(value) }))]}
          />
          <SearchSelect
            wide
            id="filter-post-type"
            label="Post type"
            name="postType"
            value={view.postType ?? ""}
            options={[{ value: "", label: "All types" }, ...POST_TYPES.map((value) => ({ value, label: labelOf(value) }))]}
          />
          <SearchSelect
            wide
            id="filter-time-range"
            label="Time range"
            name="timeRange"
            value={view.timeRange}
            options={TIME_RANGES.map((value) => ({ value, label: TIME_RANGE_LABELS[value] }))}
          />
          {view.tab === "local" ? (
            <div className="sm:col-span-3">
              <label htmlFor="filter-location" className="text-sm font-medium text-slate-700">
                Location
              </label>
              <input
                id="filter-location"
                name="location"
                defaultValue={view.location ?? ""}
                maxLength={100}
                placeholder={preferredLocation ?? "Any place"}
                className={selectClass}
              />
            </div>
          ) : null}
          <div className="flex gap-2 sm:col-span-3">
            <button
              type="submit"
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Apply Filters
            </button>
            <Link
              to={communityHref({ tab: view.tab, search: view.search })}
              className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              Clear Filters
            </Link>
          </div>
        </Form>
      </details>
    </div>
  );
}
