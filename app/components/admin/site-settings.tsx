import { Form } from "react-router";
import { ErrorMessage, Field, TextAreaField } from "~/components/forms";
import type { SitePageView, SiteView, TestimonialView } from "~/features/site/wire";
import {
  COUNTER_SOURCE_LABELS,
  COUNTER_SOURCES,
  MAX_COUNTERS,
  MAX_LOGO_BYTES,
  MAX_LOGO_SIDE_PX,
  PAGE_LABELS,
  type SitePageSlug,
} from "~/features/site/vocabulary";

type Refusal = { message?: string; errors?: Record<string, string> };

const card = "space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";
const button = "rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";
const inputClass = "mt-1 block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm";

function Alert({ refused }: { refused?: Refusal }) {
  return refused?.message ? (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
      {refused.message}
    </p>
  ) : null;
}

/** The settings: name, words, addresses, colour, logo and what the landing page shows. Works without JavaScript. */
export function SiteSettingsForm({ site, refused }: { site: SiteView; refused?: Refusal }) {
  const errors = refused?.errors ?? {};
  const rows = Array.from({ length: MAX_COUNTERS }, (_, i) => site.landing.counters[i]);
  return (
    <Form
      method="post"
      action="?intent=site"
      encType="multipart/form-data"
      className={card}
      aria-labelledby="site-settings-title"
    >
      <h2 id="site-settings-title" className="text-lg font-semibold text-slate-900">
        Name and brand
      </h2>
      <Alert refused={refused} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          error={errors.name}
          inputProps={{ name: "name", defaultValue: site.name, required: true, maxLength: 60 }}
        />
        <Field
          label="Tagline"
          error={errors.tagline}
          inputProps={{ name: "tagline", defaultValue: site.tagline, maxLength: 140 }}
        />
        <Field
          label="Contact e-mail"
          error={errors.contact_email}
          inputProps={{ name: "contact_email", type: "email", defaultValue: site.contact_email }}
        />
        <Field
          label="Replies to mails go to"
          hint="Empty: MAIL_REPLY_TO, or no reply address."
          error={errors.reply_to}
          inputProps={{ name: "reply_to", type: "email", defaultValue: site.reply_to }}
        />
        <Field
          label="Brand colour (#rrggbb)"
          hint="White text on it must reach a contrast of 4.5:1; the other shades are derived from it."
          error={errors.brand_colour}
          inputProps={{
            name: "brand_colour",
            defaultValue: site.brand_colour ?? "",
            pattern: "#[0-9a-fA-F]{6}",
            placeholder: "#047857",
          }}
        />
        <div>
          <label htmlFor="site-logo" className="block text-sm font-medium text-slate-700">
            Logo
          </label>
          <input
            id="site-logo"
            name="logo"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            aria-describedby="site-logo-hint"
            className="mt-1.5 block w-full text-sm"
          />
          <p id="site-logo-hint" className="mt-1.5 text-sm text-slate-500">
            PNG, JPEG, GIF or WebP, at most {MAX_LOGO_BYTES / 1024} KB and {MAX_LOGO_SIDE_PX} pixels a side.
            {site.logo_url ? " Leave empty to keep the current one." : ""}
          </p>
          <ErrorMessage id="site-logo-error">{errors.logo}</ErrorMessage>
          {site.logo_url ? (
            <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="remove_logo" /> Remove the logo
            </label>
          ) : null}
        </div>
      </div>
      <TextAreaField label="About" error={errors.about} textareaProps={{ name: "about", defaultValue: site.about, rows: 3 }} />
      <Field
        label="Mail footer"
        hint="A line at the foot of every mail: an address, a company number."
        error={errors.mail_footer}
        inputProps={{ name: "mail_footer", defaultValue: site.mail_footer, maxLength: 300 }}
      />

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">Landing page</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="show_demo" defaultChecked={site.landing.show_demo} /> Show the live-platform demo
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="show_testimonials" defaultChecked={site.landing.show_testimonials} /> Show the testimonials
        </label>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">Counters</legend>
        <p className="text-sm text-slate-600">
          Each counter is a live figure (each kilogram counted once) or a number you give. A row without a label is left out.
          {site.landing.sample_counters
            ? " These are the demo's sample figures, marked as such on the page until you change them."
            : ""}
        </p>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="counters_default" /> Go back to the default counters
        </label>
        <ErrorMessage id="counters-error">
          {Object.entries(errors).find(([key]) => key.startsWith("landing.counters"))?.[1]}
        </ErrorMessage>
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th className="pr-2 font-medium">Label</th>
                <th className="pr-2 font-medium">Source</th>
                <th className="pr-2 font-medium">Value (fixed)</th>
                <th className="pr-2 font-medium">Before</th>
                <th className="font-medium">After</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((counter, i) => (
                <tr key={i}>
                  <td className="pr-2">
                    <input
                      aria-label={`Counter ${i + 1} label`}
                      name={`counter_label_${i}`}
                      defaultValue={counter?.label ?? ""}
                      className={inputClass}
                    />
                  </td>
                  <td className="pr-2">
                    <select
                      aria-label={`Counter ${i + 1} source`}
                      name={`counter_source_${i}`}
                      defaultValue={counter?.source ?? "fixed"}
                      className={inputClass}
                    >
                      {COUNTER_SOURCES.map((source) => (
                        <option key={source} value={source}>
                          {COUNTER_SOURCE_LABELS[source]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="pr-2">
                    <input
                      aria-label={`Counter ${i + 1} value`}
                      name={`counter_value_${i}`}
                      inputMode="numeric"
                      defaultValue={counter?.value ?? ""}
                      className={inputClass}
                    />
                  </td>
                  <td className="pr-2">
                    <input
                      aria-label={`Counter ${i + 1} prefix`}
                      name={`counter_prefix_${i}`}
                      defaultValue={counter?.prefix ?? ""}
                      maxLength={4}
                      className={`${inputClass} w-16`}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Counter ${i + 1} suffix`}
                      name={`counter_suffix_${i}`}
                      defaultValue={counter?.suffix ?? ""}
                      maxLength={6}
                      className={`${inputClass} w-16`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>
      <button type="submit" className={button}>
        Save the settings
      </button>
    </Form>
  );
}

/** The operator's pages, each in Markdown; saving adds a version. */
export function PagesForms({
  pages,
  refused,
}: {
  pages: { slug: SitePageSlug; page: SitePageView | null }[];
  refused?: Refusal;
}) {
  return (
    <section aria-labelledby="pages-title" className={card}>
      <h2 id="pages-title" className="text-lg font-semibold text-slate-900">
        Pages
      </h2>
      <p className="text-sm text-slate-600">
        Markdown: # headings, **bold**, *italic*, lists, `code`, [links](https://…) to http(s) and mailto addresses. HTML shows as
        text. Until you write one, the shipped text stands.
      </p>
      <Alert refused={refused} />
      {pages.map(({ slug, page }) => (
        // The page's link stands beside the summary that opens its form, not inside it: a link
        // within the summary (itself a control) is a control no keyboard or screen reader can tell apart.
        <div key={slug} className="flex items-start rounded-lg ring-1 ring-slate-200">
          <details className="min-w-0 flex-1">
            <summary className="cursor-pointer px-3 py-2 font-medium text-slate-900">
              {PAGE_LABELS[slug]} · {page ? `version ${page.version}` : "shipped text"}
            </summary>
            <Form method="post" className="space-y-3 p-3">
              <input type="hidden" name="intent" value="page" />
              <input type="hidden" name="slug" value={slug} />
              <Field
                label="Title"
                inputProps={{
                  name: "title",
                  id: `page-${slug}-title`,
                  defaultValue: page?.title ?? PAGE_LABELS[slug],
                  required: true,
                }}
              />
              <TextAreaField
                label="Text (Markdown)"
                textareaProps={{
                  name: "body_markdown",
                  id: `page-${slug}-body`,
                  defaultValue: page?.body_markdown ?? "",
                  rows: 10,
                  required: true,
                }}
              />
              <button type="submit" className={button}>
                Publish a new version of {PAGE_LABELS[slug]}
              </button>
            </Form>
          </details>
          <a href={`/${slug}`} className="shrink-0 px-3 py-2 font-medium text-brand-700 underline">
            View<span className="sr-only"> the {PAGE_LABELS[slug]} page</span>
          </a>
        </div>
      ))}
    </section>
  );
}

/** The landing page's testimonials: add, see whether each shows, remove. */
export function TestimonialsSection({ testimonials, refused }: { testimonials: TestimonialView[]; refused?: Refusal }) {
  const errors = refused?.errors ?? {};
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className={card}>
      <h2 id="testimonials-title" className="text-lg font-semibold text-slate-900">
        Testimonials
      </h2>
      <p className="text-sm text-slate-600">
        The landing page shows these; with none, it leaves the section out. A testimonial naming a member shows once that member
        agrees on the page its link leads to: send them the link.
      </p>
      {testimonials.length ? (
        <ul className="divide-y divide-slate-100">
          {testimonials.map((testimonial) => (
            <li key={testimonial.id} className="flex flex-wrap items-start gap-3 py-3">
              <div className="min-w-0 flex-1 break-words">
                <p className="text-slate-800">“{testimonial.quote}”</p>
                <p className="text-sm text-slate-600">
                  {testimonial.name}
                  {testimonial.company ? `, ${testimonial.company}` : ""} · {testimonial.rating}/5
                  {testimonial.sample ? " · sample" : ""}
                  {testimonial.shown ? "" : ` · waiting for the member's consent: /app/testimonials/${testimonial.id}`}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-testimonial" />
                <input type="hidden" name="id" value={testimonial.id} />
                <button
                  type="submit"
                  className="rounded-lg px-3 py-1.5 text-sm font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                >
                  Remove<span className="sr-only"> the testimonial of {testimonial.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">None: the landing page has no testimonials section.</p>
      )}
      <Form method="post" className="grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="add-testimonial" />
        <Alert refused={refused} />
        <Field label="Name" error={errors.name} inputProps={{ name: "name", id: "testimonial-name", required: true }} />
        <Field label="Role" error={errors.role} inputProps={{ name: "role", id: "testimonial-role" }} />
        <Field label="Company" error={errors.company} inputProps={{ name: "company", id: "testimonial-company" }} />
        <Field
          label="Rating (1–5)"
          error={errors.rating}
          inputProps={{ name: "rating", id: "testimonial-rating", type: "number", min: 1, max: 5, defaultValue: 5 }}
        />
        <Field
          label="Member number (optional)"
          hint="Their words: shown once they agree."
          error={errors.member_id}
          inputProps={{ name: "member_id", id: "testimonial-member", inputMode: "numeric" }}
        />
        <div className="sm:col-span-2">
          <TextAreaField
            label="Quote"
            error={errors.quote}
            textareaProps={{ name: "quote", id: "testimonial-quote", rows: 3, required: true }}
          />
        </div>
        <div>
          <button type="submit" className={button}>
            Add the testimonial
          </button>
        </div>
      </Form>
    </section>
  );
}
