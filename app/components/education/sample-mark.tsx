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

/** The Markdown renderer's HTML (app/lib/markdown.ts escapes all else), styled as reading text. */
export function RenderedMarkdown({ html }: { html: string }) {
  return (
    <div
      className="prose-hub space-y-4 leading-relaxed text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_img]:max-w-full [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_ul]:list-disc [&_ul]:pl-6"
      // Safe: renderMarkdown escapes every character it does not turn into its own few tags.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
