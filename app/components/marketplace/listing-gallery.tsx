import { useState } from "react";
import { Link } from "~/lib/link";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A listing's pictures: the one chosen large, the others as thumbnails that link to the page with
 * `?image=N` (JS off) and, once hydrated, switch the large one in place.
 */
export function ListingGallery({
  title,
  pictures,
  here,
  image,
}: {
  title: string;
  pictures: string[];
  /** The listing page's own path, the thumbnails' links. */
  here: string;
  /** The picture the page was asked for (1-based). */
  image: number;
}) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState(image);
  return (
    <div className="min-w-0">
      <div className="overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200">
        {pictures.length ? (
          // "picture 2" says which of the thumbnails is shown, which the image role alone does not.
          // eslint-disable-next-line jsx-a11y/img-redundant-alt
          <img
            src={pictures[selected - 1]}
            alt={`${title}, picture ${selected}`}
            width={600}
            height={450}
            fetchPriority="high"
            className="aspect-[4/3] w-full object-cover"
          />
        ) : (
          <p className="flex aspect-[4/3] items-center justify-center text-sm text-slate-700">No photos</p>
        )}
      </div>
      {pictures.length > 1 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Pictures">
          {pictures.map((src, index) => (
            <li key={src}>
              <Link
                to={`${here}?image=${index + 1}`}
                replace
                preventScrollReset
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  setSelected(index + 1);
                }}
                aria-label={`Show picture ${index + 1}`}
                aria-current={selected === index + 1 ? "true" : undefined}
                className={`block overflow-hidden rounded-lg ring-2 ${selected === index + 1 ? "ring-brand-600" : "ring-transparent"}`}
              >
                <img src={src} alt="" width={96} height={72} loading="lazy" className="h-18 w-24 object-cover" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
