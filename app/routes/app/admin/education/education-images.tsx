import { siteTitle } from "~/lib/site-title";
import { Form, useNavigation } from "react-router";
import { Link } from "~/lib/link";
import { FormAlert } from "~/components/forms";
import { PendingButton } from "~/components/ui/pending-button";
import { ADMIN_EDUCATION } from "~/features/education/education";
import { uploadedImages, uploadImage } from "~/features/education/images.server";
import type { FormResult } from "~/lib/forms";
import { answerInPlace } from "~/services/http/form-action.server";
import { requireAdmin } from "~/services/session.server";
import type { Route } from "./+types/education-images";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: siteTitle(matches, "Images · Education · Admin") }];

/** /app/admin/education/images: upload an image for an article or lesson, and copy the Markdown that shows it. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { images: await uploadedImages() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const outcome = await uploadImage(request, admin.id);
  const answer: FormResult<{ markdown: string }> = outcome.ok
    ? { ok: true, message: "Image uploaded", markdown: outcome.image.markdown }
    : { ok: false, reason: outcome.reason, message: outcome.message, errors: outcome.errors };
  return answerInPlace(answer);
}

export default function EducationImages({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      <Link to={ADMIN_EDUCATION} className="text-sm font-medium text-brand-700 hover:underline">
        Back to Education
      </Link>
      <h2 className="text-xl font-semibold text-slate-900">Images</h2>
      <p className="text-sm text-slate-600">
        Upload a JPEG, PNG, GIF, WebP or AVIF image under 10MB, then paste its Markdown into an article or lesson.
      </p>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-700">
          Image
          <input type="file" name="image" accept="image/*" required className="mt-1 block text-sm" />
        </label>
        <PendingButton pending={pending} label="Upload" pendingLabel="Uploading…" />
      </Form>
      {actionData && !actionData.ok ? <FormAlert>{actionData.message}</FormAlert> : null}
      {actionData?.ok ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          Uploaded. Its Markdown: <code className="select-all">{actionData.markdown}</code>
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.images.map((image) => (
          <li key={image.url} className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
            <img src={image.url} alt="" className="h-32 w-full rounded-lg object-cover" loading="lazy" />
            <code className="mt-2 block text-xs break-all select-all">{image.markdown}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
