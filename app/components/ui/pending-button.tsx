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
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <button type="submit" aria-disabled={pending || undefined} className={className}>
      {pending ? pendingLabel : label}
    </button>
  );
}
