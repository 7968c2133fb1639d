import { useEffect, useRef, useState } from "react";
import { COUNTER, STATS } from "~/content/landing";

const format = (value: number) => value.toLocaleString("en-US");

/**
 * The animated statistics (spec §4, §9): once 30 percent of the section is visible, each figure
 * counts up over 2 seconds in 60 steps. The server renders the final figures, so they show at
 * once without JavaScript; with reduced motion they stay as they are.
 */
export function StatCounters() {
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
    <dl ref={section} className="grid grid-cols-2 gap-6 lg:grid-cols-4" data-counting={step !== null ? "true" : "false"}>
      {STATS.map((stat) => {
        const value = step === null ? stat.value : Math.round((stat.value * step) / COUNTER.steps);
        return (
          <div key={stat.label} className="rounded-2xl bg-white/10 p-6 text-center ring-1 ring-white/20">
            <dt className="text-sm font-medium text-brand-100">{stat.label}</dt>
            <dd className="mt-2 text-4xl font-extrabold text-white tabular-nums" data-testid="stat-value">
              {stat.prefix}
              {format(value)}
              {stat.suffix}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
