import { Field, SelectField, TextAreaField } from "~/components/forms";
import { CATEGORIES, DIFFICULTY_LEVELS, labelOf, MAX_MEDIA_FILES, POST_TYPES } from "~/features/community/vocabulary";
import type { FeedPost } from "~/features/community/wire";
import { FieldError } from "~/components/ui/field-error";

type Errors = Record<string, string | undefined>;

const categoryOptions = CATEGORIES.map((value) => ({ value, label: labelOf(value) }));
const typeOptions = POST_TYPES.map((value) => ({ value, label: labelOf(value) }));
const difficultyOptions = [
  { value: "", label: "Not set" },
  ...DIFFICULTY_LEVELS.map((value) => ({ value, label: labelOf(value) })),
];

const asText = (value: unknown) => (typeof value === "string" ? value : undefined);
const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : []);

/** An ISO instant as a datetime-local value, in UTC (the form says so, and the server reads it so). */
const utcInputValue = (iso: string | null) => (iso ? iso.slice(0, 16) : "");

/**
 * The fields of a post's edit form, filled from the post or, after a refusal, from what was sent.
 * Every field is sent, so the server reads an emptied one as cleared. Media: each kept unless its
 * Remove box is ticked; new files may be added up to five in all.
 */
export function PostEditFields({ post, sent, errors }: { post: FeedPost; sent?: Record<string, unknown>; errors: Errors }) {
  const value = (name: string, fallback: string) => (sent ? (asText(sent[name]) ?? "") : fallback);
  const removed = new Set(asList(sent?.remove_media));
  const impact = sent
    ? asList(sent.impact_type).map((type, index) => [type, asList(sent.impact_amount)[index] ?? ""])
    : Object.entries(post.environmental_impact);
  // One empty pair to add an entry without JavaScript.
  const impactRows = [...impact, ["", ""]];
  const localEvent = sent ? sent.is_local_event === "on" || sent.is_local_event === true : post.is_local_event;
  return (
    <>
      <Field
        label="Title"
        error={errors.title}
        inputProps={{ name: "title", defaultValue: value("title", post.title), maxLength: 200 }}
      />
      <TextAreaField
        label="Content"
        error={errors.content}
        textareaProps={{ name: "content", defaultValue: value("content", post.content), maxLength: 10_000 }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Post type"
          options={typeOptions}
          error={errors.post_type}
          selectProps={{ name: "post_type", defaultValue: value("post_type", post.post_type) }}
        />
        <SelectField
          label="Category"
          options={categoryOptions}
          error={errors.category}
          selectProps={{ name: "category", defaultValue: value("category", post.category) }}
        />
      </div>
      <Field
        label="Tags"
        error={errors.tags}
        hint="Separate tags with commas."
        inputProps={{ name: "tags", defaultValue: value("tags", post.tags.join(", ")) }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Location"
          error={errors.location_name}
          inputProps={{ name: "location_name", defaultValue: value("location_name", post.location_name ?? ""), maxLength: 100 }}
        />
        <Field
          label="Event date and time (UTC)"
          error={errors.event_date}
          inputProps={{
            name: "event_date",
            type: "datetime-local",
            defaultValue: value("event_date", utcInputValue(post.event_date)),
          }}
        />
      </div>
      <div className="flex items-center gap-2">
        <input
          id="post-is-local-event"
          type="checkbox"
          name="is_local_event"
          defaultChecked={localEvent}
          className="size-4 rounded border-slate-400"
        />
        <label htmlFor="post-is-local-event" className="text-sm font-medium text-slate-700">
          This is a local event
        </label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Difficulty"
          options={difficultyOptions}
          error={errors.difficulty_level}
          selectProps={{ name: "difficulty_level", defaultValue: value("difficulty_level", post.difficulty_level ?? "") }}
        />
        <Field
          label="Estimated time"
          error={errors.estimated_time}
          inputProps={{ name: "estimated_time", defaultValue: value("estimated_time", post.estimated_time ?? ""), maxLength: 50 }}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Environmental impact</legend>
        <div className="mt-1.5 space-y-2">
          {impactRows.map(([type, amount], index) => (
            <div key={index} className="grid gap-2 min-[400px]:grid-cols-2">
              <Field label={`Impact type ${index + 1}`} inputProps={{ name: "impact_type", defaultValue: type, maxLength: 60 }} />
              <Field label={`Amount ${index + 1}`} inputProps={{ name: "impact_amount", defaultValue: amount, maxLength: 60 }} />
            </div>
          ))}
        </div>
        <FieldError>{errors.environmental_impact}</FieldError>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Pictures and videos</legend>
        {post.media.length ? (
          <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {post.media.map((item, index) => (
              <li key={item.url} className="rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200">
                {item.type.startsWith("video/") ? (
                  <video src={item.url} preload="metadata" muted className="aspect-video w-full rounded object-cover" />
                ) : (
                  <img src={item.url} alt="" className="aspect-video w-full rounded object-cover" />
                )}
                <label className="mt-1.5 flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    name="remove_media"
                    value={item.url}
                    defaultChecked={removed.has(item.url)}
                    className="size-4 rounded border-slate-400"
                  />
                  Remove {item.type.startsWith("video/") ? "video" : "picture"} {index + 1}
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-500">This post has no pictures or videos.</p>
        )}
        <div className="mt-3">
          <label htmlFor="post-media" className="block text-sm font-medium text-slate-700">
            Add pictures or videos
          </label>
          <input
            id="post-media"
            type="file"
            name="media"
            multiple
            accept="image/*,video/*"
            aria-describedby={errors.media ? "post-media-error post-media-hint" : "post-media-hint"}
            aria-invalid={errors.media ? true : undefined}
            className="mt-1.5 block w-full text-sm text-slate-700"
          />
          <p id="post-media-hint" className="mt-1.5 text-sm text-slate-500">
            Images or videos under 10MB each, at most {MAX_MEDIA_FILES} on the post in all.
          </p>
          {errors.media || errors.remove_media ? (
            <p id="post-media-error" role="alert" className="mt-1.5 text-sm text-red-600">
              {errors.media ?? errors.remove_media}
            </p>
          ) : null}
        </div>
      </fieldset>
    </>
  );
}
