import { Field, SelectField, TextAreaField } from "~/components/forms";
import {
  EVENT_KINDS,
  MAX_EVENT_DESCRIPTION_LENGTH,
  MAX_EVENT_PLACE_LENGTH,
  MAX_EVENT_TITLE_LENGTH,
} from "../../../db/event-values";
import { EVENT_KIND_LABELS } from "~/features/events/vocabulary";

/** The new and edit pages' fields, as the form sends them (text), and their element ids for the error summary. */
export type EventFormValues = Partial<
  Record<"title" | "kind" | "starts_at" | "ends_at" | "time_zone" | "place" | "description" | "capacity", string>
>;

export const eventFieldIds: Record<string, string> = {
  title: "event-title-field",
  kind: "event-kind",
  starts_at: "event-starts",
  ends_at: "event-ends",
  time_zone: "event-zone",
  place: "event-place",
  capacity: "event-capacity",
  description: "event-description",
  photo: "event-photo",
};

/**
 * An event's fields. The start and end are the date and time on the clock of the zone chosen
 * below them (the organiser's own, to start with), which is how the event's page shows them.
 */
export function EventFields({
  values,
  errors,
  timeZones,
  withPhoto,
}: {
  values: EventFormValues;
  errors: Record<string, string | undefined>;
  timeZones: string[];
  withPhoto: boolean;
}) {
  return (
    <div className="space-y-5">
      <Field
        label="Title"
        error={errors.title}
        inputProps={{
          id: eventFieldIds.title,
          name: "title",
          required: true,
          maxLength: MAX_EVENT_TITLE_LENGTH,
          defaultValue: values.title,
        }}
      />
      <SelectField
        label="Kind"
        error={errors.kind}
        options={EVENT_KINDS.map((kind) => ({ value: kind, label: EVENT_KIND_LABELS[kind] }))}
        selectProps={{ id: eventFieldIds.kind, name: "kind", defaultValue: values.kind ?? "repair_cafe" }}
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field
          label="Starts"
          error={errors.starts_at}
          inputProps={{
            id: eventFieldIds.starts_at,
            name: "starts_at",
            type: "datetime-local",
            required: true,
            defaultValue: values.starts_at,
          }}
        />
        <Field
          label="Ends"
          error={errors.ends_at}
          inputProps={{
            id: eventFieldIds.ends_at,
            name: "ends_at",
            type: "datetime-local",
            required: true,
            defaultValue: values.ends_at,
          }}
        />
      </div>
      <SelectField
        label="Time zone"
        hint="The start and end are read on this clock, and shown on it to everyone."
        error={errors.time_zone}
        options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
        selectProps={{ id: eventFieldIds.time_zone, name: "time_zone", defaultValue: values.time_zone }}
      />
      <Field
        label="Place"
        hint="Where it happens: shown to everyone, visitors included."
        error={errors.place}
        inputProps={{
          id: eventFieldIds.place,
          name: "place",
          required: true,
          maxLength: MAX_EVENT_PLACE_LENGTH,
          defaultValue: values.place,
        }}
      />
      <Field
        label="Capacity (optional)"
        hint="How many can come. Leave it empty for no limit; past it, members wait for a seat."
        error={errors.capacity}
        inputProps={{ id: eventFieldIds.capacity, name: "capacity", inputMode: "numeric", defaultValue: values.capacity }}
      />
      <TextAreaField
        label="Description (optional)"
        error={errors.description}
        textareaProps={{
          id: eventFieldIds.description,
          name: "description",
          maxLength: MAX_EVENT_DESCRIPTION_LENGTH,
          defaultValue: values.description,
        }}
      />
      {withPhoto ? (
        <Field
          label="Photo (optional)"
          hint="One image (JPEG, PNG, GIF, WebP or AVIF) under 10 MB."
          error={errors.photo}
          inputProps={{
            id: eventFieldIds.photo,
            name: "photo",
            type: "file",
            accept: "image/jpeg,image/png,image/gif,image/webp,image/avif",
          }}
        />
      ) : null}
    </div>
  );
}
