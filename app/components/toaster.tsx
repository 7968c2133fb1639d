import { CheckCircle2, Info, TriangleAlert, X, XCircle } from "~/components/icons";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { isUrgent, MAX_TOASTS, sameToast, toastDuration, toToast, type Toast, type ToastInput } from "~/services/toast";
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
 * (someone reading it, or reaching its action by keyboard, keeps it). Without JavaScript a CSS
 * animation fades it after the same time.
 */
function ToastItem({ entry, scripted }: { entry: Entry; scripted: boolean }) {
  const { toast: item, shown } = entry;
  const [held, setHeld] = useState(false);
  const duration = toastDuration(item);
  const left = useRef(duration);
  // Asked for again: the full time again.
  useEffect(() => {
    left.current = duration;
  }, [shown, duration]);
  useEffect(() => {
    if (!scripted || held) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), Math.max(0, left.current));
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [scripted, held, shown, item.id]);

  const Icon = icons[item.type];
  const action = item.action;
  return (
    <li
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg sm:w-80 ${tones[item.type]} ${
        scripted ? "" : "toast"
      }`}
      // The CSS fade, for pages without JavaScript; with it, the timer above decides.
      style={scripted ? undefined : { animationDelay: `${duration}ms` }}
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
        {action && scripted && action.onClick ? (
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

/**
 * The toasts: at the bottom of the screen on phones and at the bottom right from 640px, where they
 * never cover a dialog's close button or a page's header. Two live regions, present from the start
 * so screen readers follow them: successes and notes are read when the reader is free (polite),
 * errors at once (assertive). `flash` is the server's toast for this page, shown even without
 * JavaScript.
 */
export function Toaster({ flash }: { flash: Toast | null }) {
  const scripted = useHydrated();
  const items = useSyncExternalStore(
    subscribe,
    () => entries,
    () => (flash ? [{ toast: flash, shown: 1 }] : []),
  );
  useEffect(() => {
    if (flash) showFlash(flash);
  }, [flash]);
  const shown = scripted ? items : flash ? [{ toast: flash, shown: 1 }] : [];
  const list = (urgent: boolean) =>
    shown
      .filter((entry) => isUrgent(entry.toast) === urgent)
      .map((entry) => <ToastItem key={entry.toast.id} entry={entry} scripted={scripted} />);
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
