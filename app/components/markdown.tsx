import { renderMarkdown } from "~/lib/markdown";

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

/** An admin's Markdown (an operator's own page, an article) rendered safely as reading text. */
export function Markdown({ source }: { source: string }) {
  return <RenderedMarkdown html={renderMarkdown(source)} />;
}
