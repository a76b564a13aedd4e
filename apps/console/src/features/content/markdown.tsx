import { parseMarkdown, type Block, type Inline } from '@tidemark/contract';
import { Fragment, useMemo, type ReactNode } from 'react';

/**
 * The preview of operators' Markdown, exactly the subset the trader app renders (the contract's
 * parser), as elements: nothing is set as HTML, so a tag in the text stays text.
 */
function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'strong':
        return <strong key={i}>{inline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{inline(node.children)}</em>;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'link':
        return (
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {inline(node.children)}
          </a>
        );
    }
  });
}

function block(b: Block, i: number): ReactNode {
  if (b.type === 'heading') {
    const Tag = (['h3', 'h4', 'h5'] as const)[b.level - 1]!;
    return <Tag key={i}>{inline(b.children)}</Tag>;
  }
  if (b.type === 'list') {
    const items = b.items.map((item, j) => <li key={j}>{inline(item)}</li>);
    return b.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
  }
  return <p key={i}>{inline(b.children)}</p>;
}

export function MarkdownPreview({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return <div className="content-preview">{blocks.map(block)}</div>;
}
