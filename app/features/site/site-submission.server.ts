import type { z } from "~/lib/zod";
import { fieldErrors } from "~/lib/forms";
import { readSubmission, type SubmissionRefusal } from "~/services/http/submission.server";
import { imageSize } from "~/services/image-size.server";
import { moveMediaIntoPlace, nameMedia, removeMedia } from "~/services/media.server";
import { siteSettingsSchema, type SiteSettingsInput } from "./schemas";
import { MAX_COUNTERS, MAX_LOGO_BYTES, MAX_LOGO_SIDE_PX } from "./vocabulary";

/**
 * Reading the site settings with their logo: the API's multipart (`settings` as JSON, `logo` the
 * file) or the admin page's form (its fields, `logo`, `remove_logo`). The logo is recognised as an
 * image by its bytes (the media checks every upload passes), and refused over MAX_LOGO_BYTES or
 * MAX_LOGO_SIDE_PX a side: nothing here can resize an image, so the operator is asked for a smaller one.
 */

const LOGO_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const LOGO_MESSAGES = {
  tooLarge: `The logo must be at most ${MAX_LOGO_BYTES / 1024} KB.`,
  notAllowed: "The logo must be a PNG, JPEG, GIF or WebP image.",
  tooMany: "Send one logo.",
  wrongField: "Send the logo as the `logo` file.",
  unsupportedBody: "Send the settings as JSON, or as multipart/form-data with the logo.",
};

export type SiteSubmission =
  | { ok: true; input: SiteSettingsInput; logoFile: string | null | undefined; discard: () => Promise<void> }
  | (SubmissionRefusal & { fields?: Record<string, unknown> });

/** The admin page's form fields in the settings' shape: checkboxes, and the counters' rows (a row without a label is left out). */
export function siteFormInput(fields: Record<string, unknown>): unknown {
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  const counters = [];
  for (let i = 0; i < MAX_COUNTERS; i += 1) {
    const label = text(`counter_label_${i}`).trim();
    if (!label) continue;
    const value = text(`counter_value_${i}`).trim();
    counters.push({
      label,
      source: text(`counter_source_${i}`),
      ...(value ? { value: /^\d+$/.test(value) ? Number(value) : Number.NaN } : {}),
      prefix: text(`counter_prefix_${i}`),
      suffix: text(`counter_suffix_${i}`),
    });
  }
  return {
    name: text("name"),
    tagline: text("tagline"),
    contact_email: text("contact_email"),
    reply_to: text("reply_to"),
    brand_colour: text("brand_colour").trim() || null,
    about: text("about"),
    mail_footer: text("mail_footer"),
    landing: {
      show_demo: fields.show_demo === "on",
      show_testimonials: fields.show_testimonials === "on",
      counters: fields.counters_default === "on" ? null : counters,
    },
  };
}

function parseSettings(raw: unknown, from: "api" | "page"): { ok: true; input: SiteSettingsInput } | SubmissionRefusal {
  let value: unknown = raw;
  if (from === "api") {
    try {
      value = JSON.parse(typeof raw === "string" ? raw : "");
    } catch {
      return {
        ok: false,
        reason: "invalid",
        message: "The `settings` field must be the settings as JSON.",
        errors: { settings: "Not JSON." },
      };
    }
  }
  const parsed = siteSettingsSchema.safeParse(value);
  if (!parsed.success) return invalid(parsed.error);
  return { ok: true, input: parsed.data };
}

function invalid(error: z.ZodError): SubmissionRefusal {
  const errors = fieldErrors(error);
  return { ok: false, reason: "invalid", message: Object.values(errors)[0] ?? "The settings are not valid.", errors };
}

export async function readSiteSubmission(request: Request, adminId: number, from: "api" | "page"): Promise<SiteSubmission> {
  const submission = await readSubmission(
    request,
    {
      maxFiles: 1,
      maxFileBytes: MAX_LOGO_BYTES,
      maxParts: 60,
      maxTextBytes: 32 * 1024,
      maxTotalBytes: MAX_LOGO_BYTES + 64 * 1024,
      fileField: "logo",
      acceptsFileField: (name) => name === "logo",
      acceptsType: (mimeType) => LOGO_TYPES.has(mimeType),
      fieldsOf: (form) => {
        const fields: Record<string, string> = {};
        for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
        return fields;
      },
      messages: LOGO_MESSAGES,
    },
    adminId,
  );
  if (!submission.ok) return submission;
  const settings = parseSettings(from === "api" ? submission.fields.settings : siteFormInput(submission.fields), from);
  if (!settings.ok) {
    await submission.discard();
    return { ...settings, fields: submission.fields };
  }
  const [logo] = submission.files;
  if (!logo) {
    await submission.discard();
    return {
      ok: true,
      input: settings.input,
      logoFile: submission.fields.remove_logo === "on" ? null : undefined,
      discard: async () => {},
    };
  }
  const size = await imageSize(logo.tempPath);
  if (!size || size.width > MAX_LOGO_SIDE_PX || size.height > MAX_LOGO_SIDE_PX) {
    await submission.discard();
    const message = size
      ? `The logo is ${size.width}×${size.height} pixels; it must be at most ${MAX_LOGO_SIDE_PX} pixels a side.`
      : "The logo's size cannot be read: send a PNG, JPEG, GIF or WebP image.";
    return { ok: false, reason: "invalid", message, errors: { logo: message }, fields: submission.fields };
  }
  const [name] = nameMedia([logo]);
  moveMediaIntoPlace([logo], [name!]);
  await submission.discard();
  return {
    ok: true,
    input: settings.input,
    logoFile: name!.fileName,
    // A refused save removes the logo it brought.
    discard: () => removeMedia([name!]),
  };
}
