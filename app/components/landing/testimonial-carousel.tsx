import { ChevronLeft, ChevronRight, Pause, Play, Star } from "~/components/icons";
import { useEffect, useState } from "react";
import { CAROUSEL_INTERVAL_MS, type Testimonial } from "~/content/landing";
import { useHydrated } from "~/lib/use-hydrated";
import { useReducedMotion } from "~/lib/use-reduced-motion";

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div className="flex gap-0.5 text-amber-400" role="img" aria-label={`Rated ${testimonial.rating} out of 5`}>
        {Array.from({ length: testimonial.rating }, (_, index) => (
          <Star key={index} aria-hidden className="size-5 fill-current" />
        ))}
      </div>
      <blockquote className="mt-4 flex-1 text-lg text-slate-800">“{testimonial.content}”</blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span aria-hidden className="flex size-12 items-center justify-center rounded-full bg-brand-600 font-semibold text-white">
          {testimonial.avatar}
        </span>
        <span>
          <span className="block font-semibold text-slate-900">{testimonial.name}</span>{" "}
          <span className="block text-sm text-slate-600">
            {[testimonial.role, testimonial.company].filter(Boolean).join(", ")}
          </span>
        </span>
      </figcaption>
      {testimonial.stats ? (
        <dl className="mt-6 grid grid-cols-3 gap-2 border-t border-slate-100 pt-4 text-center">
          {[
            ["Waste reduced", testimonial.stats.wasteReduced],
            ["Cost saved", testimonial.stats.costSaved],
            ["Efficiency", testimonial.stats.efficiency],
          ].map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="font-bold text-brand-700">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {testimonial.sample ? <p className="mt-4 text-xs text-slate-500">Sample testimonial</p> : null}
    </figure>
  );
}

const buttonClass = "rounded-full bg-white p-2 text-slate-700 shadow ring-1 ring-slate-200 hover:bg-slate-50";

/**
 * The testimonial carousel: advances every 5 seconds while auto-play is on; next and
 * previous wrap; dots jump; any manual navigation turns auto-play off; a toggle pauses and
 * resumes. Without JavaScript all the testimonials show (the admins curate them).
 *
 * As in the WAI-ARIA carousel pattern: rotation holds while keyboard focus is inside or the mouse
 * rests on it (a slide must not change under the reader), unless the member started auto-play
 * themselves; with reduced motion it starts paused. Screen readers hear a slide change only while
 * it is not rotating by itself (the live region is off then).
 */
export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  // null until the member pauses, plays or navigates: until then the system's motion setting decides.
  const [autoPlayChoice, setAutoPlayChoice] = useState<boolean | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const [mouseOver, setMouseOver] = useState(false);
  const autoPlay = autoPlayChoice ?? !reducedMotion;
  const rotating = autoPlay && (autoPlayChoice === true || (!focusInside && !mouseOver));
  const count = testimonials.length;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, count]);

  if (!hydrated) {
    return (
      <ul className="grid gap-6 md:grid-cols-2">
        {testimonials.map((testimonial) => (
          <li key={testimonial.id}>
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>
    );
  }

  const go = (next: number) => {
    setAutoPlayChoice(false);
    setIndex((next + count) % count);
  };
  const current = testimonials[index]!;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Testimonials"
      className="mx-auto max-w-3xl"
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
      }}
      // A touch leaves no pointer behind to leave again: only a mouse holds the slides.
      onPointerEnter={(event) => setMouseOver(event.pointerType === "mouse")}
      onPointerLeave={() => setMouseOver(false)}
    >
      <div className="flex items-center justify-end gap-2">
        <button
          type="button"
          onClick={() => setAutoPlayChoice(!autoPlay)}
          className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {autoPlay ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
          {autoPlay ? "Pause auto-play" : "Start auto-play"}
        </button>
      </div>
      <div
        aria-live={rotating ? "off" : "polite"}
        aria-atomic="true"
        className="mt-3"
        role="group"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${count}`}
      >
        <TestimonialCard testimonial={current} />
      </div>
      <div className="mt-5 flex items-center justify-center gap-3">
        <button type="button" onClick={() => go(index - 1)} aria-label="Previous testimonial" className={buttonClass}>
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        {/* Each dot is a 32 px target around a 12 px mark (WCAG 2.5.8 asks for 24). */}
        <div className="flex">
          {testimonials.map((testimonial, dot) => (
            <button
              key={testimonial.id}
              type="button"
              onClick={() => go(dot)}
              aria-label={`Show testimonial ${dot + 1}: ${testimonial.name}`}
              aria-current={dot === index ? "true" : undefined}
              className="group flex size-8 items-center justify-center rounded-full"
            >
              <span
                aria-hidden
                className={`size-3 rounded-full ${dot === index ? "bg-brand-600" : "bg-slate-300 group-hover:bg-slate-400"}`}
              />
            </button>
          ))}
        </div>
        <button type="button" onClick={() => go(index + 1)} aria-label="Next testimonial" className={buttonClass}>
          <ChevronRight aria-hidden className="size-5" />
        </button>
      </div>
    </section>
  );
}
