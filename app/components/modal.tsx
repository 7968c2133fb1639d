import { X } from "~/components/icons";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Link } from "~/lib/link";

const sizes = { sm: "max-w-sm", md: "max-w-md", lg: "max-w-2xl", xl: "max-w-4xl" };

type ModalProps = {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  /** Where the close button leads when no script runs (the page without the dialog). */
  closeHref: string;
  size?: keyof typeof sizes;
  closeOnOutsideClick?: boolean;
  icon?: ReactNode;
};

const focusable =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: closes on Escape, outside click (when allowed) or the close button;
 * body scroll is locked while open; focus stays inside and returns to the opener.
 */
export function Modal({ open, title, children, onClose, closeHref, size = "md", closeOnOutsideClick = true, icon }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    const first = panel.current?.querySelector<HTMLElement>(focusable);
    (first ?? panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === "Tab" && panel.current) {
        const items = [...panel.current.querySelectorAll<HTMLElement>(focusable)];
        if (!items.length) return;
        const [head, tail] = [items[0]!, items[items.length - 1]!];
        if (event.shiftKey && document.activeElement === head) {
          event.preventDefault();
          tail.focus();
        } else if (!event.shiftKey && document.activeElement === tail) {
          event.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    // A press on the backdrop is a pointer shortcut for Close; keyboard users have Escape and the
    // dialog's own Close button, so the backdrop is not made focusable.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4 backdrop-blur-sm"
      onMouseDown={(event) => {
        if (closeOnOutsideClick && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative w-full ${sizes[size]} max-h-[90vh] overflow-y-auto rounded-2xl bg-white p-6 shadow-xl outline-none`}
      >
        <Link
          to={closeHref}
          replace
          onClick={(event) => {
            event.preventDefault();
            onClose();
          }}
          className="absolute top-3 right-3 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
          aria-label="Close dialog"
        >
          <X aria-hidden className="size-5" />
        </Link>
        {icon ? <div className="mb-4 flex justify-center">{icon}</div> : null}
        {/* Clear of the close button, and a long word wraps rather than running under it. */}
        <h2 id={titleId} className="pr-10 text-xl font-bold text-slate-900 wrap-anywhere">
          {title}
        </h2>
        <div className="mt-3">{children}</div>
      </div>
    </div>
  );
}
