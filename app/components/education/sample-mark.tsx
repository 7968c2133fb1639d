import { TOPICS } from "~/content/education";

/** The mark on sample content (seeded with SEED=1): written to show how the hub reads, not the operator's. */
export function SampleMark({ onDark = false }: { onDark?: boolean }) {
  return (
    <span
      className={`ml-1 inline-block rounded-full px-2 py-0.5 align-middle text-xs font-semibold tracking-normal normal-case ${
        onDark ? "bg-white/20 text-white" : "bg-amber-100 text-amber-900"
      }`}
    >
      Sample
    </span>
  );
}

/** A topic's name as readers see it; none: "General". */
export const topicLabel = (topic: string | null) => TOPICS.find((item) => item.value === topic)?.label ?? "General";
