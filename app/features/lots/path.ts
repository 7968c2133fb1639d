/**
 * A lot's path names its chain: "/12/40/57/" is lot 57, listed from lot 40, listed from lot 12.
 * Its ancestors are the ids on it; its descendants are the lots whose path starts with it, which
 * an index on `path` reads as one range: from the path itself up to the path with its last "/"
 * raised to "0" (the next character), so "/12/40/" reads "/12/40/…" and never "/12/400/".
 */

export const idsOnPath = (path: string) => path.split("/").filter(Boolean).map(Number);

/** The range of paths of a lot and its descendants: path >= from and path < to. */
export const descendantRange = (path: string) => ({ from: path, to: `${path.slice(0, -1)}0` });
