import { primaryButton } from "./button";

/**
 * A form's submit button that says what is happening while the form is being sent ("Saving…")
 * and is marked aria-disabled meanwhile (the form ignores a second submit while pending).
 */
export function PendingButton({
  pending,
  label,
  pendingLabel,
  className = primaryButton,
  form,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
  /** The form it submits, when it stands outside it. */
  form?: string;
}) {
  return (
    <button type="submit" form={form} aria-disabled={pending || undefined} className={className}>
      {pending ? pendingLabel : label}
    </button>
  );
}
