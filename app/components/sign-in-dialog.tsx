import { CheckCircle2 } from "~/components/icons";
import { useNavigate } from "react-router";
import { Link } from "~/lib/link";
import { Modal } from "./modal";

/** A success dialog whose only way on is the sign-in page (registration, password reset). */
export function ContinueToSignInDialog({ open, title, children }: { open: boolean; title: string; children: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      title={title}
      onClose={() => navigate("/auth/login")}
      closeHref="/auth/login"
      closeOnOutsideClick={false}
      size="sm"
      icon={<CheckCircle2 aria-hidden className="size-12 text-brand-600" />}
    >
      <p className="text-slate-600">{children}</p>
      <Link
        to="/auth/login"
        className="mt-6 flex w-full justify-center rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        Continue to Sign In
      </Link>
    </Modal>
  );
}
