import { Eye, EyeOff } from "~/components/icons";
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Field } from "./forms";

/** A password input with a show/hide toggle (shown once scripts run, since it needs them). */
export function PasswordField({
  label,
  error,
  hint,
  inputProps,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { name: string };
}) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      inputProps={{ ...inputProps, type: visible ? "text" : "password" }}
      trailing={
        hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((value) => !value)}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
            aria-label={visible ? "Hide password" : "Show password"}
            aria-pressed={visible}
          >
            {visible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
          </button>
        ) : null
      }
    />
  );
}
