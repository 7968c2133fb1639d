import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * A menu that opens under its button: a `<details>` element, so it opens and closes without
 * JavaScript. With JavaScript it also behaves as members expect of a menu: it closes when one of
 * its links is chosen (and on any navigation), on a tap or click outside it, when focus moves
 * out of it, and on Escape (which hands focus back to its button).
 *
 * Its content is its children, or with `panelId` an element after the details that CSS shows
 * while the details is open (`peer-open:`): one element can then be a menu on a phone and a
 * panel that is always shown on a wider screen, instead of the page carrying both. That element
 * counts as inside the menu.
 */
export function DisclosureMenu({
  summary,
  summaryClassName,
  summaryLabel,
  className,
  onOpen,
  panelId,
  children,
}: {
  summary: ReactNode;
  summaryClassName: string;
  /** The button's name when it shows only an icon. */
  summaryLabel?: string;
  className?: string;
  /** Called each time the menu opens (to load what it shows). */
  onOpen?: () => void;
  /** The id of the element, after the details, that the menu shows instead of children. */
  panelId?: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();

  useEffect(() => {
    const details = ref.current;
    if (details?.open) details.open = false;
  }, [pathname, search]);

  useEffect(() => {
    const details = ref.current!;
    const panel = panelId ? document.getElementById(panelId) : null;
    const inside = (node: Node | null) => node !== null && (details.contains(node) || panel?.contains(node) === true);
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !inside(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      const hadFocus = inside(document.activeElement);
      details.open = false;
      if (hadFocus) details.querySelector("summary")?.focus();
    };
    // A chosen link closes the menu at once, while its page loads (Enter on a link clicks it too,
    // so the menu needs no keyboard handler of its own); so does focus moving out of it.
    const onClick = (event: MouseEvent) => {
      if ((event.target as HTMLElement).closest("a")) details.open = false;
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !inside(next)) details.open = false;
    };
    const parts = panel ? [details, panel] : [details];
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    for (const part of parts) {
      part.addEventListener("click", onClick);
      part.addEventListener("focusout", onFocusOut);
    }
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      for (const part of parts) {
        part.removeEventListener("click", onClick);
        part.removeEventListener("focusout", onFocusOut);
      }
    };
  }, [panelId]);

  return (
    <details
      ref={ref}
      className={className}
      onToggle={(event) => {
        if (event.currentTarget.open) onOpen?.();
      }}
    >
      <summary
        aria-label={summaryLabel}
        aria-controls={panelId}
        className={`list-none [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        {summary}
      </summary>
      {children}
    </details>
  );
}
