import { Award, Building2, Globe, Mail, MapPin, Pencil, Phone } from "~/components/icons";
import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { Field, TextAreaField, useFormValidation } from "~/components/forms";
import { monthAndYear, timeAgo } from "~/lib/dates";
import { ignoreWhilePending, type FieldErrors } from "~/lib/forms";
import { profileSchema, type ProfileView } from "~/features/profile/profile";
import { formatCo2e, formatKg } from "~/features/impact/format";
import { useHydrated } from "~/lib/use-hydrated";
import { Spaced } from "~/components/spaced";

const ACTIVITY_TEXT = {
  post: "You posted",
  comment: "You commented on",
  like: "You liked",
  save: "You saved",
  share: "You shared",
} as const;

/** What the profile loader sends: the profile, the member's id, whether the editor is open, and their clock. */
export type ProfilePageData = ProfileView & { memberId: number; editing: boolean; now: number; timeZone: string };

/** A refused save: each field's error and what the member typed. */
export type ProfileRefusal = { ok: false; errors: FieldErrors; values: Record<string, unknown> };

/** The member's own profile: their details (and the editor), figures, achievements and recent activity. */
export function ProfilePage({ page: loaderData, refused }: { page: ProfilePageData; refused: ProfileRefusal | undefined }) {
  const { user, stats, impact, achievements, activity, now, timeZone, memberId } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const [editing, setEditing] = useState(loaderData.editing || Boolean(refused));
  // Each navigation (a save's redirect included) decides edit mode again; revalidations do not.
  // Opening and closing the editor swaps the controls: the focus follows, to the first field or
  // back to Edit Profile, instead of falling to the page body (not on the first render).
  const editLink = useRef<HTMLAnchorElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current === editing) return;
    wasEditing.current = editing;
    if (editing) form.current?.querySelector<HTMLInputElement>('[name="name"]')?.focus();
    else editLink.current?.focus();
  }, [editing]);
  useEffect(() => {
    setEditing(loaderData.editing || Boolean(refused));
  }, [location.key, loaderData.editing, refused]);
  const { errors, onSubmit, onChange } = useFormValidation(profileSchema, refused?.errors);
  const saving = navigation.state === "submitting";
  const values = (refused?.values ?? user) as Record<string, string>;

  const info = [
    { icon: Mail, label: "Email", value: user.email },
    { icon: Phone, label: "Phone", value: user.phone },
    { icon: MapPin, label: "Location", value: user.location },
    { icon: Building2, label: "Company", value: user.company },
    { icon: Globe, label: "Website", value: user.website },
  ];

  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-3">
      <section aria-labelledby="profile-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:col-span-2">
        <div className="flex flex-wrap items-start gap-4">
          <span
            aria-hidden
            className="flex size-20 shrink-0 items-center justify-center rounded-full bg-brand-600 text-3xl font-bold text-white"
          >
            {user.name.charAt(0).toUpperCase()}
          </span>
          {/* On a narrow screen the name and bio go below the avatar rather than into a sliver beside it. */}
          <div className="min-w-48 flex-1">
            <h2 id="profile-title" className="text-2xl font-bold text-slate-900 wrap-anywhere">
              {user.name}
            </h2>
            <p className="mt-1 whitespace-pre-line text-slate-600 wrap-anywhere">{user.bio || "No bio yet."}</p>
            <p className="mt-1 text-sm text-slate-400">Member since {monthAndYear(user.createdAt, timeZone)}</p>
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
              <Spaced>
                <Link to="/app/marketplace/mine" className="text-brand-700 hover:underline">
                  My listings
                </Link>
                <Link to={`/app/members/${memberId}`} className="text-brand-700 hover:underline">
                  Your public page
                </Link>
              </Spaced>
            </p>
          </div>
          {editing ? null : (
            <Link
              ref={editLink}
              to="/app/profile?edit=1"
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setEditing(true);
              }}
              className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              <Pencil aria-hidden className="size-4" /> Edit Profile
            </Link>
          )}
        </div>

        {editing ? (
          <Form
            ref={form}
            method="post"
            onSubmit={(event) => {
              ignoreWhilePending(saving)(event);
              if (!event.defaultPrevented) onSubmit(event);
            }}
            onChange={onChange}
            className="mt-6 space-y-4"
            noValidate={hydrated}
          >
            <Field
              label="Name"
              error={errors.name}
              inputProps={{ name: "name", defaultValue: values.name, autoComplete: "name", maxLength: 100 }}
            />
            <TextAreaField
              label="Bio"
              error={errors.bio}
              hint="At most 500 characters."
              textareaProps={{ name: "bio", defaultValue: values.bio, rows: 4, maxLength: 500 }}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Phone"
                error={errors.phone}
                inputProps={{ name: "phone", type: "tel", defaultValue: values.phone, autoComplete: "tel" }}
              />
              <Field
                label="Location"
                error={errors.location}
                hint="A town or UK postcode: the marketplace and Local measure distances from it."
                inputProps={{ name: "location", defaultValue: values.location, maxLength: 100 }}
              />
              <Field
                label="Company"
                error={errors.company}
                inputProps={{ name: "company", defaultValue: values.company, autoComplete: "organization" }}
              />
              <Field
                label="Website"
                error={errors.website}
                inputProps={{
                  name: "website",
                  type: "url",
                  defaultValue: values.website,
                  placeholder: "https://example.org",
                  autoComplete: "url",
                }}
              />
            </div>
            <div className="flex gap-2">
              <div className="w-32">
                {/* Busy, it says so and keeps the focus (aria-disabled), where `disabled` would drop it. */}
                <button
                  type="submit"
                  aria-disabled={saving || undefined}
                  className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-70"
                >
                  {saving ? "Saving…" : "Save"}
                </button>
              </div>
              <Link
                to="/app/profile"
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  setEditing(false);
                }}
                className="rounded-lg px-4 py-2.5 font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
              >
                Cancel
              </Link>
            </div>
          </Form>
        ) : (
          <dl className="mt-6 grid gap-4 sm:grid-cols-2">
            {/* A dl holds only dt/dd pairs (in a div each): the icon belongs to the term. */}
            {info.map(({ icon: Icon, label, value }) => (
              <div key={label} className="min-w-0">
                <dt className="flex items-center gap-2 text-sm text-slate-500">
                  <Icon aria-hidden className="size-4 shrink-0 text-slate-400" />
                  {label}
                </dt>
                <dd className="mt-0.5 pl-6 text-slate-900 wrap-anywhere">
                  {label === "Website" && value ? (
                    <a href={value} rel="noopener noreferrer nofollow" target="_blank" className="text-brand-700 hover:underline">
                      {value}
                    </a>
                  ) : (
                    value || <span className="text-slate-400">Not set</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section aria-labelledby="stats-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="stats-title" className="text-lg font-semibold text-slate-900">
          Your figures
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3">
          {[
            ["Posts", stats.posts],
            ["Likes received", stats.likesReceived],
            ["Comments", stats.comments],
            ["Following", stats.following],
            ["Followers", stats.followers],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl bg-slate-50 p-3">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="text-xl font-bold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-6 text-sm font-semibold text-slate-900">Your impact, all time</h3>
        <dl className="mt-2 grid grid-cols-2 gap-3">
          {[
            ["Weight diverted", formatKg(impact.weight_diverted_kg)],
            ["CO2e avoided", formatCo2e(impact.co2e_kg)],
            ["Orders completed", impact.orders_completed.toLocaleString("en-US")],
          ].map(([label, value]) => (
            <div key={label} className="min-w-0 rounded-xl bg-slate-50 p-3">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="text-xl font-bold break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-slate-500">
          Diverted: reused, recycled, composted or recovered, not landfilled.{" "}
          <Link to="/app/reports" className="font-medium text-brand-700 underline">
            See the report
          </Link>
        </p>
      </section>

      <section
        aria-labelledby="achievements-title"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 lg:col-span-2"
      >
        <h2 id="achievements-title" className="text-lg font-semibold text-slate-900">
          Achievements
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {achievements.map((achievement) => (
            <li key={achievement.title} className="rounded-xl p-4 ring-1 ring-slate-200">
              <p className="flex items-center gap-2 font-semibold text-slate-900">
                <Award aria-hidden className={`size-5 ${achievement.earned ? "text-amber-500" : "text-slate-300"}`} />
                {achievement.title}{" "}
                {achievement.earned ? <span className="rounded-full bg-amber-50 px-2 text-xs text-amber-800">Earned</span> : null}
              </p>
              <p className="mt-1 text-sm text-slate-600">{achievement.description}</p>
              <div
                className="mt-2 h-2 rounded-full bg-slate-100"
                role="progressbar"
                aria-label={`${achievement.title} progress`}
                aria-valuemin={0}
                aria-valuemax={achievement.target}
                aria-valuenow={Math.min(achievement.value, achievement.target)}
              >
                <div className="h-2 rounded-full bg-brand-600" style={{ width: `${Math.round(achievement.progress * 100)}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-500">
                {Math.min(achievement.value, achievement.target).toLocaleString("en-US")} /{" "}
                {achievement.target.toLocaleString("en-US")}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="activity-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="activity-title" className="text-lg font-semibold text-slate-900">
          Recent activity
        </h2>
        {activity.length ? (
          <ol className="mt-4 space-y-3">
            {activity.map((item) => (
              <li key={`${item.kind}-${item.postId}-${item.at}`} className="text-sm wrap-anywhere">
                <p className="text-slate-700">
                  {ACTIVITY_TEXT[item.kind]}{" "}
                  <Link to={`/app/community?post=${item.postId}`} className="font-medium text-brand-700 hover:underline">
                    {item.title}
                  </Link>
                </p>
                <p className="text-xs text-slate-400" suppressHydrationWarning>
                  {timeAgo(item.at, now)}
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-4 text-sm text-slate-500">
            Nothing yet.{" "}
            <Link to="/app/community" className="font-medium text-brand-700 hover:underline">
              Visit the community
            </Link>{" "}
            to post, like and comment.
          </p>
        )}
      </section>
    </div>
  );
}
