import { Children, type ReactNode } from "react";

/**
 * Its children with a space between each. Items a flex row sets apart by its gap (tabs, badges, a
 * title and its text) then read apart as text too: copied, in a text browser or a reader view,
 * "All Unread", not "AllUnread". A flex container does not draw the spaces.
 */
export function Spaced({ children }: { children: ReactNode }) {
  return Children.toArray(children).flatMap((child, index) => (index === 0 ? [child] : [" ", child]));
}
