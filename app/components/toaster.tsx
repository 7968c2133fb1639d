import { CheckCircle2, Info, TriangleAlert, X, XCircle } from "~/components/icons";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { isUrgent, MAX_TOASTS, sameToast, toastDuration, toToast, type Toast, type ToastInput } from "~/services/http/toast";
import { useHydrated } from "~/lib/use-hydrated";

/** A toast on screen; `shown` counts how often it was asked for, and each time its clock starts over. */
type Entry = { toast: Toast; shown: number };

let entries: Entry[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Shows a toast from anywhere in the browser. The same toast asked for again is not shown twice. */
export function toast(input: ToastInput) {
  const next = toToast(input);
  const existing = entries.find((entry) => entry.toast.id === next.id || sameToast(entry.toast, next));
  if (existing) entries = entries.map((entry) => (entry === existing ? { toast: entry.toast, shown: entry.shown + 1 } : entry));
  else entries = [...entries, { toast: next, shown: 1 }].slice(-MAX_TOASTS);
  emit();
}

/**
 * Shows the server's flash toast: how the request that made it ended (a sign-in, a form sent
 * without script). Error toasts from before it were about earlier requests and go, so an
 * "Invalid email or password" never sits beside the "Welcome back" of the sign-in that followed.
 */
function showFlash(flash: Toast) {
  entries = entries.filter((entry) => entry.toast.id === flash.id || !isUrgent(entry.toast));
  toast(flash);
}

function dismissToast(id: string) {
  entries = entries.filter((entry) => entry.toast.id !== id);
  emit();
}

const noEntries: Entry[] = [];

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const icons = { success: CheckCircle2, error: XCircle, warning: TriangleAlert, info: Info };
const tones = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  info: "border-sky-200 bg-sky-50 text-sky-900",
};

/**
 * One toast. It goes after its duration, counted only while it is neither pointed at nor focused
 * (someone reading it, or reaching its action by keyboard, keeps it). Only pages that run scripts
 * show these; without JavaScript the flash is a FlashBanner.
 */
function ToastItem({ entry }: { entry: Entry }) {
  const { toast: item, shown } = entry;
  const [held, setHeld] = useState(false);
  const duration = toastDuration(item);
  const left = useRef(duration);
  // Asked for again: the full time again.
  useEffect(() => {
    left.current = duration;
  }, [shown, duration]);
  useEffect(() => {
    if (held) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), Math.max(0, left.current));
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [held, shown, item.id]);

  const Icon = icons[item.type];
  const action = item.action;
  return (
    <li
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg sm:w-80 ${tones[item.type]}`}
      data-toast-type={item.type}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold wrap-anywhere">{item.title}</p>
        {item.message ? <p className="mt-0.5 text-sm wrap-anywhere">{item.message}</p> : null}
        {action?.onClick ? (
          <button
            type="button"
            onClick={() => {
              action.onClick?.();
              dismissToast(item.id);
            }}
            className="mt-2 rounded-lg px-2 py-1 text-sm font-semibold underline ring-1 ring-current"
          >
            {action.label}
          </button>
        ) : action?.href ? (
          <a href={action.href} className="mt-2 inline-block text-sm font-semibold underline">
            {action.label}
          </a>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        className="rounded p-0.5 hover:bg-slate-900/10"
        aria-label="Dismiss notification"
      >
        <X aria-hidden className="size-4" />
      </button>
    </li>
  );
}

/** The id of the flash banner without JavaScript: its Dismiss link points here and `:target` hides it. */
export const FLASH_BANNER_ID = "flash-message";

/**
 * The banner is hidden by its class; this style, inside <noscript> in the document's head, shows
 * it only when the browser runs no script (on screen, not in print), and hides it again once its
 * Dismiss link is followed.
 */
export const FLASH_BANNER_STYLE = `@media screen{#${FLASH_BANNER_ID}{display:flex}#${FLASH_BANNER_ID}:target{display:none}}`;

/**
 * The server's flash toast for a page read without JavaScript. It sits in the page's flow, at its
 * top, never over a control: a fixed toast there would cover Buy Now or a quick action for
 * seconds, and its close button needs a script. It stays until the member leaves the page or
 * follows its Dismiss link, a plain link to the banner itself that `:target` hides (no request,
 * the page's forms untouched). A page that runs scripts never shows it (FLASH_BANNER_STYLE) and
 * drops it once hydrated: the toaster shows the flash instead.
 */
export function FlashBanner({ flash }: { flash: Toast | null }) {
  const scripted = useHydrated();
  if (!flash || scripted) return null;
  const Icon = icons[flash.type];
  return (
    <div
      id={FLASH_BANNER_ID}
      role={isUrgent(flash) ? "alert" : "status"}
      data-toast-type={flash.type}
      className={`hidden items-start gap-3 border-b px-4 py-3 sm:px-6 ${tones[flash.type]}`}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold wrap-anywhere">{flash.title}</p>
        {flash.message ? <p className="mt-0.5 text-sm wrap-anywhere">{flash.message}</p> : null}
        {flash.action?.href ? (
          <a href={flash.action.href} className="mt-1 inline-block text-sm font-semibold underline">
            {flash.action.label}
          </a>
        ) : null}
      </div>
      <a href={`#${FLASH_BANNER_ID}`} className="shrink-0 text-sm font-semibold underline">
        Dismiss<span className="sr-only"> this message</span>
      </a>
    </div>
  );
}

/**
 * The toasts: at the bottom of the screen on phones and at the bottom right from 640px, where they
 * never cover a dialog's close button or a page's header. Two live regions, present from the start
 * so screen readers follow them: successes and notes are read when the reader is free (polite),
 * errors at once (assertive). `flash` is the server's toast for this page; without JavaScript
 * FlashBanner shows it instead.
 */
export function Toaster({ flash }: { flash: Toast | null }) {
  const scripted = useHydrated();
  const items = useSyncExternalStore(
    subscribe,
    () => entries,
    () => noEntries,
  );
  useEffect(() => {
    if (flash) showFlash(flash);
  }, [flash]);
  // Without script the flash is the page's FlashBanner, in the flow; these fixed lists stay empty.
  const shown = scripted ? items : [];
  const list = (urgent: boolean) =>
    shown.filter((entry) => isUrgent(entry.toast) === urgent).map((entry) => <ToastItem key={entry.toast.id} entry={entry} />);
  const listClass = "flex w-full flex-col items-center gap-2 sm:items-end";
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-[100] flex flex-col gap-2 sm:inset-x-auto sm:right-4 sm:w-80">
      <ol aria-live="polite" aria-label="Messages" className={listClass}>
        {list(false)}
      </ol>
      <ol aria-live="assertive" aria-label="Error messages" className={listClass}>
        {list(true)}
      </ol>
    </div>
  );
}
