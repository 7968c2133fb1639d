import { ArrowLeft } from "~/components/icons";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { Link } from "~/lib/link";
import type { z } from "zod";
import { useFormValidation } from "~/components/forms";
import { ignoreWhilePending, type FieldErrors } from "~/lib/forms";
import { useHydrated } from "~/lib/use-hydrated";

/** A settings sub-page: the way back to Settings, then one card with its title and what it does. */
export function SettingsPage({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl min-w-0 space-y-6 break-words">
      <Link to="/app/settings" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to Settings
      </Link>
      <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id={id} className="text-2xl font-bold text-slate-900">
          {title}
        </h2>
        <div className="mt-2 text-slate-600">{intro}</div>
        {children}
      </section>
    </div>
  );
}

type SettingsActionData = { ok: true } | { ok: false; errors: FieldErrors; message?: string } | undefined;

/**
 * What every settings form does alike: checked in the browser with the action's own schema once
 * hydrated, ignored while one is being sent, and a refusal with no field to show it beside (too
 * many attempts) said above the form. Spread `formProps` on the page's `<Form>`.
 */
export function useSettingsForm<Data extends SettingsActionData>(schema: z.ZodType, actionData: Data) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const pending = navigation.state === "submitting";
  const refused = (actionData?.ok === false ? actionData : undefined) as Extract<NonNullable<Data>, { ok: false }> | undefined;
  const { errors, onSubmit, onChange } = useFormValidation(schema, refused?.errors);
  const formError = refused && !Object.keys(refused.errors).length ? refused.message : undefined;
  // A page that draws its form again once sent (a new key, a redirect to itself) takes away the
  // button that had the focus, which would fall to the page's body: it goes to the first field the
  // server refused, as a refusal in the browser does, else back to the save button; unless
  // something else took it (the error summary).
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle" || !sent.current) return;
    sent.current = false;
    if (document.activeElement && document.activeElement !== document.body) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], button[type="submit"]')?.focus();
  }, [navigation.state]);
  const formProps = {
    ref: form,
    method: "post" as const,
    noValidate: hydrated,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      ignoreWhilePending(pending)(event);
      if (!event.defaultPrevented) onSubmit(event);
      if (!event.defaultPrevented) sent.current = true;
    },
    onChange,
  };
  return { pending, refused, errors, formError, formProps };
}
