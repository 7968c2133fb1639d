import { Form, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { Field, FormAlert, SelectField, TextAreaField } from "~/components/forms";
import { PendingButton } from "~/components/ui/pending-button";
import { TOPICS } from "~/content/education";
import { COURSE_LEVELS, MAX_BODY, MAX_SUMMARY, MAX_TITLE } from "~/features/education/schemas";
import type { FieldErrors } from "~/lib/forms";

/**
 * The admin's form for an article, a course or a lesson: plain HTML fields that post without
 * JavaScript, refused ones shown beside themselves with what was typed; and deleting, which asks
 * first on a page of its own (`?delete`), so it works without JavaScript too.
 */

type Values = Record<string, string | number | boolean | null | undefined>;
export type EditorActionData = { ok: true } | { ok: false; errors: FieldErrors; message?: string; values?: Values } | undefined;

export function ContentEditor({
  kind,
  saved,
  actionData,
  cancelTo,
  confirmingDelete,
  lessonCount,
}: {
  kind: "article" | "course" | "lesson";
  /** The thing as saved; null for a new one. */
  saved: Values | null;
  actionData: EditorActionData;
  cancelTo: string;
  confirmingDelete: boolean;
  /** A lesson's course's lesson count, for the position's hint. */
  lessonCount?: number;
}) {
  const pending = useNavigation().state === "submitting";
  const refused = actionData && !actionData.ok ? actionData : null;
  const errors = refused?.errors ?? {};
  const value = (name: string) => {
    const shown = refused?.values ? refused.values[name] : saved?.[name];
    return shown === null || shown === undefined ? "" : String(shown);
  };
  const noun = kind === "article" ? "article" : kind === "course" ? "course" : "lesson";

  if (confirmingDelete && saved) {
    return (
      <section aria-labelledby="delete-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-red-200">
        <h2 id="delete-title" className="text-lg font-semibold text-slate-900">
          Delete the {noun} “{String(saved.title)}”?
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          {kind === "course"
            ? "Its lessons go with it, and members' progress in it. Certificates already issued stay with their members."
            : kind === "lesson"
              ? "Members' marks on it go with it; the lessons after it move up."
              : "Members will no longer find it in the hub."}{" "}
          This cannot be undone.
        </p>
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800">
            Delete the {noun}
          </button>
          <Link to="?" className="text-sm font-medium text-brand-700 underline">
            Keep it
          </Link>
        </Form>
      </section>
    );
  }

  return (
    <Form method="post" className="max-w-3xl space-y-5" key={refused ? "refused" : String(saved?.updated_at ?? "new")}>
      <FormAlert>{refused?.message}</FormAlert>
      <input type="hidden" name="intent" value="save" />
      <Field
        label="Title"
        error={errors.title}
        inputProps={{ name: "title", required: true, maxLength: MAX_TITLE, defaultValue: value("title") }}
      />
      <TextAreaField
        label="Summary"
        error={errors.summary}
        hint="A sentence or two shown in lists."
        textareaProps={{ name: "summary", rows: 2, maxLength: MAX_SUMMARY, defaultValue: value("summary") }}
      />
      {kind === "lesson" ? null : (
        <>
          <SelectField
            label="Topic"
            error={errors.topic}
            options={[{ value: "", label: "General (no topic)" }, ...TOPICS]}
            selectProps={{ name: "topic", defaultValue: value("topic") }}
          />
          <Field
            label={kind === "course" ? "Taught by" : "Byline"}
            error={errors.byline}
            hint="As readers see it; may be left empty."
            inputProps={{ name: "byline", defaultValue: value("byline") }}
          />
        </>
      )}
      {kind === "course" ? (
        <>
          <SelectField
            label="Level"
            error={errors.level}
            options={[{ value: "", label: "Any level" }, ...COURSE_LEVELS.map((level) => ({ value: level, label: level }))]}
            selectProps={{ name: "level", defaultValue: value("level") }}
          />
          <Field
            label="Duration"
            error={errors.duration}
            hint="Such as 3 hours or 30 days."
            inputProps={{ name: "duration", defaultValue: value("duration") }}
          />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="featured"
              defaultChecked={refused?.values ? refused.values.featured !== undefined : Boolean(saved?.featured)}
              className="size-4"
            />
            Feature it above the hub&apos;s list
          </label>
        </>
      ) : null}
      {kind === "lesson" ? (
        <Field
          label="Position"
          error={errors.position}
          hint={`Its place in the course, from 1${lessonCount ? ` (the course has ${lessonCount})` : ""}; empty: last.`}
          inputProps={{ name: "position", inputMode: "numeric", defaultValue: value("position") }}
        />
      ) : null}
      <TextAreaField
        label={kind === "course" ? "Description (Markdown)" : "Text (Markdown)"}
        error={errors.body_markdown}
        hint={
          <>
            Headings (#), **bold**, *italic*, lists (- or 1.), [links](https://…), `code`, and images uploaded in{" "}
            <Link to="/app/admin/education/images" className="underline">
              Images
            </Link>{" "}
            as ![description](/media/…). Anything else shows as typed.
          </>
        }
        textareaProps={{ name: "body_markdown", rows: 16, maxLength: MAX_BODY, defaultValue: value("body_markdown") }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <PendingButton pending={pending} label={saved ? "Save changes" : `Create the ${noun}`} pendingLabel="Saving…" />
        <Link to={cancelTo} className="text-sm font-medium text-brand-700 underline">
          Cancel
        </Link>
        {saved ? (
          <Link to="?delete" className="ml-auto text-sm font-medium text-red-700 underline">
            Delete the {noun}…
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
