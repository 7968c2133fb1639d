import { CheckCircle2, Info, TriangleAlert, X, XCircle } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { MAX_TOASTS, toastDuration, toToast, type Toast, type ToastInput } from "~/utils/toast";

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Shows a toast from anywhere in the browser. */
export function toast(input: ToastInput) {
  const next = toToast(input);
  if (toasts.some((existing) => existing.id === next.id)) return;
  toasts = [...toasts, next].slice(-MAX_TOASTS);
  emit();
}

export function dismissToast(id: string) {
  toasts = toasts.filter((item) => item.id !== id);
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

function ToastItem({ item, duration }: { item: Toast; duration: number }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(item.id), duration);
    return () => clearTimeout(timer);
  }, [item.id, duration]);
  const Icon = icons[item.type];
  return (
    <li
      role={item.type === "error" ? "alert" : "status"}
      className={`toast pointer-events-auto flex w-80 max-w-[calc(100vw-2rem)] items-start gap-3 rounded-xl border p-4 shadow-lg ${tones[item.type]}`}
      // Without JavaScript the toast fades out by CSS after the same duration.
      style={{ animationDelay: `${duration}ms` }}
      data-toast-type={item.type}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{item.title}</p>
        {item.message ? <p className="mt-0.5 text-sm opacity-90">{item.message}</p> : null}
      </div>
      <button type="button" onClick={() => dismissToast(item.id)} className="rounded p-0.5 opacity-70 hover:opacity-100" aria-label="Dismiss notification">
        <X aria-hidden className="size-4" />
      </button>
    </li>
  );
}

/** Top-right toasts; `flash` is the server's toast for this page, rendered even without JavaScript. */
export function Toaster({ flash }: { flash: Toast | null }) {
  const { pathname } = useLocation();
  const area = pathname.startsWith("/app/community") ? "community" : "default";
  const [hydrated, setHydrated] = useState(false);
  const items = useSyncExternalStore(subscribe, () => toasts, () => (flash ? [flash] : []));
  useEffect(() => {
    setHydrated(true);
  }, []);
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash]);
  const shown = hydrated ? items : flash ? [flash] : [];
  return (
    <ol aria-live="polite" className="pointer-events-none fixed top-4 right-4 z-[100] flex flex-col gap-2">
      {shown.map((item) => (
        <ToastItem key={item.id} item={item} duration={toastDuration(item.type, area)} />
      ))}
    </ol>
  );
}
