import { RouteError } from "~/components/route-error";
import { SearchButton, SearchForm, SearchInput } from "~/components/search-form";
import { SearchResults } from "~/components/search/search-results";
import { searchQuerySchema } from "~/features/search/schemas";
import { searchEverything } from "~/features/search/search.server";
import { requireUser } from "~/services/session.server";
import { siteTitle } from "~/lib/site-title";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Search") }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const parsed = searchQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  // Too long a search is cut to what the search reads rather than refused.
  const q = parsed.success ? parsed.data.q : String(url.searchParams.get("q") ?? "").slice(0, 100);
  return { q, results: await searchEverything(user, q.trim()), now: Date.now() };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results, now } = loaderData;
  return (
    <div className="space-y-6">
      <SearchForm label="Search posts, listings, members and events">
        <SearchInput id="hub-search" value={q} placeholder="Posts, listings, members, events…" />
        <SearchButton />
      </SearchForm>
      {q ? <SearchResults q={q} results={results} now={now} /> : <p className="text-slate-600">Type a word to search for.</p>}
    </div>
  );
}

export const ErrorBoundary = RouteError;
