import { useEffect, useRef, useState } from "react";
import { COUNTER } from "~/content/landing";

const format = (value: number) => value.toLocaleString("en-US");

/** A counter's figure as the page shows it (the site feature's ShownCounter). */
export type CounterFigure = { label: string; value: number; prefix: string; suffix: string };

/**
 * The animated statistics, the operator's figures (live, or their own numbers): once 30 percent of the section is visible, each figure
 * counts up over 2 seconds in 60 steps. The server renders the final figures, so they show at
 * once without JavaScript; with reduced motion they stay as they are.
 */
export function StatCounters({
  counters,
  sample = false,
  factors = null,
}: {
  counters: CounterFigure[];
  /** The demo's unchanged sample figures: said quietly below them. */
  sample?: boolean;
  /** The CO2e factor table a CO2e figure is computed with. */
  factors?: string | null;
}) {
  const section = useRef<HTMLDListElement>(null);
  // null: show the final figures (server render, reduced motion, or counting done).
  const [step, setStep] = useState<number | null>(null);

  useEffect(() => {
    const element = section.current;
    if (!element || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    setStep(0);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        let current = 0;
        timer = setInterval(() => {
          current += 1;
          if (current >= COUNTER.steps) {
            clearInterval(timer);
            setStep(null);
          } else setStep(current);
        }, COUNTER.durationMs / COUNTER.steps);
      },
      { threshold: COUNTER.threshold },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearInterval(timer);
    };
  }, []);

  return (
    <>
      {/* On a phone each figure gets a row of its own, label beside it: two columns leave "15,000+"
    less room than it needs at 320 px. */}
      <dl
        ref={section}
        className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4"
        data-counting={step !== null ? "true" : "false"}
      >
        {counters.map((stat) => {
          const value = step === null ? stat.value : Math.round((stat.value * step) / COUNTER.steps);
          return (
            <div
              key={stat.label}
              className="flex items-center justify-between gap-4 rounded-2xl bg-white/10 px-5 py-4 ring-1 ring-white/20 sm:block sm:p-6 sm:text-center"
            >
              <dt className="text-sm font-medium text-brand-100">{stat.label}</dt>
              <dd
                className="text-3xl font-extrabold whitespace-nowrap text-white tabular-nums sm:mt-2 sm:text-4xl"
                data-testid="stat-value"
              >
                {stat.prefix}
                {format(value)}
                {stat.suffix}
              </dd>
            </div>
          );
        })}
      </dl>
      {sample ? <p className="mt-4 text-sm text-brand-100">Sample figures</p> : null}
      {factors ? (
        <p className="mt-2 text-sm text-brand-100">CO2e with the {factors} factors; each kilogram counted once.</p>
      ) : null}
    </>
  );
}
