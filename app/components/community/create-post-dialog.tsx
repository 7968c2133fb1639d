import { ImagePlus, X } from "~/components/icons";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ErrorMessage, Field, FormAlert, SelectField, SubmitButton, TextAreaField } from "~/components/forms";
import { Modal } from "~/components/modal";
import { toast } from "~/components/toaster";
import {
  CATEGORIES,
  DIFFICULTY_LEVELS,
  labelOf,
  MAX_MEDIA_BYTES,
  MAX_MEDIA_FILES,
  POST_TYPES,
} from "~/features/community/vocabulary";
import { createPostSchema, normalizeTags, postFormFields } from "~/features/community/schemas";
import { messages } from "~/features/community/messages";
import type { CommunityActionResult, FeedPost } from "~/features/community/wire";
import { fieldErrors } from "~/lib/forms";
import { useHydrated } from "~/lib/use-hydrated";
import { uploadPost } from "./upload-post";
import { ImpactRows, TagInput } from "./post-form-parts";

type Errors = Record<string, string | undefined>;
type Preview = { file: File; url: string };

const categoryOptions = [
  { value: "", label: "Select a category" },
  ...CATEGORIES.map((value) => ({ value, label: labelOf(value) })),
];
const typeOptions = POST_TYPES.map((value) => ({ value, label: labelOf(value) }));
const difficultyOptions = [
  { value: "", label: "Not set" },
  ...DIFFICULTY_LEVELS.map((value) => ({ value, label: labelOf(value) })),
];

const isMedia = (file: File) => /^(image|video)\//.test(file.type) && file.size <= MAX_MEDIA_BYTES;

/**
 * The Create Post dialog. Without JavaScript it is a multipart form posted to the
 * page's action, which redirects back with the new post on top. With JavaScript it checks the
 * form with the server's schema first, keeps at most five images or videos under 10MB (skipping
 * others with a message saying which and why), shows previews, and sends with its progress shown and a way to
 * cancel (five 10MB files take a while on a slow line); the new post goes to the top and the
 * dialog closes.
 */
export function CreatePostDialog({
  open,
  onClose,
  closeHref,
  returnTo,
  serverResult,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  closeHref: string;
  returnTo: string;
  /** The action's answer when the form was sent without JavaScript. */
  serverResult?: CommunityActionResult;
  onCreated: (post: FeedPost) => void;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const publishButton = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<Errors>(serverResult?.ok === false ? serverResult.errors : {});
  const [formError, setFormError] = useState(serverResult && !serverResult.ok ? serverResult.message : undefined);
  const [previews, setPreviews] = useState<Preview[]>([]);
  const [skipped, setSkipped] = useState(false);
  const [isLocalEvent, setIsLocalEvent] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const values = (serverResult?.values ?? {}) as Record<string, string | undefined>;
  /** The upload under way: how much has gone (percent) and how to stop it. */
  const [upload, setUpload] = useState<{ percent: number; abort: () => void } | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const pending = upload !== null;
  const uploadRef = useRef(upload);
  uploadRef.current = upload;
  // Closing the dialog mid-upload stops the upload: nothing is published behind the member's back.
  useEffect(() => () => uploadRef.current?.abort(), []);
  // After Cancel upload (gone now), focus goes where the member can send again, once it is enabled.
  useEffect(() => {
    if (cancelled) publishButton.current?.querySelector("button")?.focus();
  }, [cancelled]);

  useEffect(() => () => previews.forEach((preview) => URL.revokeObjectURL(preview.url)), [previews]);

  function reset() {
    setCancelled(false);
    setErrors({});
    setFormError(undefined);
    setPreviews([]);
    setSkipped(false);
    setIsLocalEvent(false);
    setFormKey((key) => key + 1);
  }

  function clearError(name: string) {
    const key = name.startsWith("impact_") ? "environmental_impact" : name === "media" ? "media" : name;
    if (errors[key]) setErrors(({ [key]: _cleared, ...rest }) => rest);
  }

  function addFiles(files: FileList | null) {
    if (!files) return;
    const chosen = [...files];
    const accepted = chosen.filter(isMedia);
    const room = MAX_MEDIA_FILES - previews.length;
    const kept = accepted.slice(0, Math.max(0, room));
    setSkipped(kept.length < chosen.length);
    setPreviews([...previews, ...kept.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const result = createPostSchema.safeParse(postFormFields(formData));
    if (!result.success) {
      const next = fieldErrors(result.error);
      setErrors(next);
      setFormError(undefined);
      const first = Object.keys(next)[0];
      formRef.current?.querySelector<HTMLElement>(first === "tags" ? "#post-tags-entry" : `[name="${first}"]`)?.focus();
      return;
    }
    // The browser's time zone is known here, so a local event time is sent as an exact instant.
    const localDate = formData.get("event_date");
    if (typeof localDate === "string" && localDate) formData.set("event_date", new Date(localDate).toISOString());
    formData.delete("media");
    previews.forEach((preview, index) => formData.append(`media_${index}`, preview.file, preview.file.name));
    const sending = uploadPost(formData, (percent) => setUpload((state) => (state ? { ...state, percent } : state)));
    setUpload({ percent: 0, abort: sending.abort });
    setCancelled(false);
    setFormError(undefined);
    void sending.done.then((outcome) => {
      setUpload(null);
      if (outcome.ok) {
        onCreated(outcome.post);
        toast({ type: "success", title: "Post published" });
        reset();
        onClose();
      } else if (outcome.aborted) {
        setCancelled(true);
      } else {
        // Said once, in the dialog, where the member is looking (a toast would repeat it).
        setErrors(outcome.errors ?? {});
        setFormError(outcome.message);
      }
    });
  }

  return (
    <Modal open={open} onClose={onClose} closeHref={closeHref} title="Create Post" size="lg" closeOnOutsideClick={!pending}>
      <form
        key={formKey}
        ref={formRef}
        method="post"
        action="/app/community"
        encType="multipart/form-data"
        noValidate={hydrated}
        onSubmit={onSubmit}
        onChange={(event) => clearError((event.target as unknown as HTMLInputElement).name)}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value="create" />
        {/* Only the way back: with JavaScript the dialog sends the post to the API itself, never this form. */}
        <input type="hidden" name="returnTo" value={returnTo} />
        {/* A message that already sits beside its field is not repeated on top. */}
        <FormAlert>{formError && !Object.values(errors).includes(formError) ? formError : undefined}</FormAlert>
        <Field
          label="Title"
          error={errors.title}
          inputProps={{ name: "title", defaultValue: values.title, maxLength: 200, placeholder: "What is it about?" }}
        />
        <TextAreaField
          label="Content"
          error={errors.content}
          textareaProps={{
            name: "content",
            defaultValue: values.content,
            maxLength: 10_000,
            placeholder: "Share a tip, a project, a question…",
          }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Post type"
            options={typeOptions}
            error={errors.post_type}
            selectProps={{ name: "post_type", defaultValue: values.post_type ?? "general" }}
          />
          <SelectField
            label="Category"
            options={categoryOptions}
            error={errors.category}
            selectProps={{ name: "category", defaultValue: values.category ?? "" }}
          />
        </div>
        {hydrated ? (
          <TagInput error={errors.tags} initial={normalizeTags(values.tags) ?? []} onChange={() => clearError("tags")} />
        ) : (
          <Field
            label="Tags"
            error={errors.tags}
            hint="Separate tags with commas."
            inputProps={{
              name: "tags",
              defaultValue: typeof values.tags === "string" ? values.tags : "",
              placeholder: "compost, community",
            }}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Location"
            error={errors.location_name}
            inputProps={{
              name: "location_name",
              defaultValue: values.location_name,
              maxLength: 100,
              placeholder: "City or neighbourhood",
            }}
          />
          <Field
            label="Estimated time"
            error={errors.estimated_time}
            inputProps={{
              name: "estimated_time",
              defaultValue: values.estimated_time,
              maxLength: 50,
              placeholder: "e.g. 2 hours",
            }}
          />
        </div>
        <SelectField
          label="Difficulty"
          options={difficultyOptions}
          error={errors.difficulty_level}
          selectProps={{ name: "difficulty_level", defaultValue: values.difficulty_level ?? "" }}
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="is_local_event"
            value="true"
            defaultChecked={values.is_local_event === "true"}
            onChange={(event) => setIsLocalEvent(event.target.checked)}
            className="size-4 rounded border-slate-300 accent-brand-600"
          />
          This is a local event
        </label>
        {!hydrated || isLocalEvent ? (
          <Field
            label="Event date"
            error={errors.event_date}
            hint={hydrated ? undefined : "Required for local events (UTC)."}
            inputProps={{ name: "event_date", type: "datetime-local", defaultValue: values.event_date }}
          />
        ) : null}
        <ImpactRows error={errors.environmental_impact} hydrated={hydrated} />
        <div>
          <label htmlFor="post-media" className="block text-sm font-medium text-slate-700">
            Photos and videos
          </label>
          <p id="post-media-hint" className="text-sm text-slate-500">
            Up to {MAX_MEDIA_FILES} images or videos, 10MB each.
          </p>
          {/* The file input inside is hidden with JavaScript: the box shows where focus is. */}
          <label className="mt-2 flex cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-dashed border-slate-300 px-4 py-5 text-sm text-slate-600 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:border-brand-500 hover:text-brand-700">
            <ImagePlus aria-hidden className="size-5" />
            Choose files
            <input
              id="post-media"
              type="file"
              name="media"
              multiple
              accept="image/*,video/*"
              aria-describedby={errors.media ? "post-media-error" : "post-media-hint"}
              aria-invalid={errors.media ? true : undefined}
              className={hydrated ? "sr-only" : "max-w-full min-w-0 text-sm"}
              onChange={(event) => {
                if (!hydrated) return;
                addFiles(event.target.files);
                event.target.value = "";
              }}
            />
          </label>
          {skipped ? (
            <p role="status" className="mt-2 text-sm text-amber-700">
              {messages.mediaSkipped}
            </p>
          ) : null}
          <ErrorMessage id="post-media-error">{errors.media}</ErrorMessage>
          {previews.length ? (
            <ul aria-label="Chosen files" className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5">
              {previews.map((preview, index) => (
                <li key={preview.url} className="min-w-0">
                  <div className="relative aspect-square overflow-hidden rounded-lg bg-slate-100">
                    {preview.file.type.startsWith("video/") ? (
                      <video src={preview.url} muted aria-label={preview.file.name} className="size-full object-cover" />
                    ) : (
                      <img src={preview.url} alt={preview.file.name} className="size-full object-cover" />
                    )}
                    <button
                      type="button"
                      aria-label={`Remove ${preview.file.name}`}
                      onClick={() => {
                        setPreviews(previews.filter((_, i) => i !== index));
                        setSkipped(false);
                      }}
                      className="absolute top-1 right-1 rounded-full bg-black/60 p-1 text-fixed-white"
                    >
                      <X aria-hidden className="size-3.5" />
                    </button>
                  </div>
                  {/* The name, cut to fit (whole in its title); screen readers have it from the picture. */}
                  <p aria-hidden title={preview.file.name} className="mt-1 truncate text-xs text-slate-600">
                    {preview.file.name}
                  </p>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {upload ? (
          <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="font-medium text-slate-800">
                {upload.percent < 100 ? `Sending your post… ${upload.percent}%` : "Sent. Publishing…"}
              </span>
              <button
                type="button"
                onClick={upload.abort}
                className="rounded-lg px-3 py-1.5 font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
              >
                Cancel upload
              </button>
            </div>
            <div
              role="progressbar"
              aria-label="Uploading the post"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={upload.percent}
              className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${upload.percent}%` }} />
            </div>
          </div>
        ) : null}
        {/* Always present, so that screen readers announce what it comes to say. */}
        <p role="status" className={cancelled ? "text-sm text-slate-700" : "sr-only"}>
          {cancelled ? "Upload cancelled. Nothing was published." : ""}
        </p>
        <div ref={publishButton} className="flex justify-end gap-2 pt-2">
          <a
            href={closeHref}
            onClick={(event) => {
              event.preventDefault();
              onClose();
            }}
            className="rounded-lg px-4 py-2.5 font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            Cancel
          </a>
          <div className="w-40">
            <SubmitButton pending={pending} pendingLabel="Publishing…">
              Publish
            </SubmitButton>
          </div>
        </div>
      </form>
    </Modal>
  );
}
