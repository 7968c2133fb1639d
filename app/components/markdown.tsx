import { parseMarkdown, type Inline } from "~/lib/markdown";

/**
 * An operator's Markdown (app/lib/markdown.ts's subset) as React elements: text is always text,
 * so no markup from the source reaches the page.
 */
function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return nodes.map((node, i) => {
    switch (node.type) {
      case "text":
        return node.text;
      case "code":
        return <code key={i}>{node.text}</code>;
      case "strong":
        return (
          <strong key={i}>
            <InlineNodes nodes={node.children} />
          </strong>
        );
      case "em":
        return (
          <em key={i}>
            <InlineNodes nodes={node.children} />
          </em>
        );
      case "link":
        return (
          <a key={i} href={node.href} rel="nofollow noopener" className="font-medium text-brand-700 underline">
            <InlineNodes nodes={node.children} />
          </a>
        );
    }
  });
}

export function Markdown({ source }: { source: string }) {
  return parseMarkdown(source).map((block, i) => {
    switch (block.type) {
      case "heading": {
        const Heading = `h${block.level}` as "h2" | "h3" | "h4";
        return (
          <Heading key={i}>
            <InlineNodes nodes={block.children} />
          </Heading>
        );
      }
      case "paragraph":
        return (
          <p key={i}>
            <InlineNodes nodes={block.children} />
          </p>
        );
      case "code":
        return (
          <pre key={i} className="overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm">
            <code>{block.text}</code>
          </pre>
        );
      case "list": {
        const List = block.ordered ? "ol" : "ul";
        return (
          <List key={i} className={`space-y-1 pl-6 ${block.ordered ? "list-decimal" : "list-disc"}`}>
            {block.items.map((item, j) => (
              <li key={j}>
                <InlineNodes nodes={item} />
              </li>
            ))}
          </List>
        );
      }
    }
  });
}
