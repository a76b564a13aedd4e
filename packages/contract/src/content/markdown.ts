/**
 * The safe Markdown subset of announcements, help answers and mail: paragraphs, headings (#, ##,
 * ###), bullet and numbered lists, **bold**, *italic*, `code` and [links](https://...). It parses
 * to a small tree that each app renders as its own elements, so no text is ever parsed as HTML:
 * a `<script>` or an `onerror=` stays visible text. A link keeps only an in-app route (#/...), a
 * path on this server (/...) or an http(s) URL; anything else (javascript:, data:) stays text.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

const SAFE_HREF = /^(#\/|\/(?!\/)|https?:\/\/)[^\s<>"'`]*$/i;

export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  return SAFE_HREF.test(trimmed) ? trimmed : null;
}

/** Inline marks of one line of text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ type: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    let m: RegExpExecArray | null;
    if ((m = /^`([^`]+)`/.exec(rest))) {
      flush();
      out.push({ type: 'code', text: m[1]! });
      i += m[0].length;
    } else if ((m = /^\*\*(.+?)\*\*/.exec(rest))) {
      flush();
      out.push({ type: 'strong', children: parseInline(m[1]!) });
      i += m[0].length;
    } else if ((m = /^\*([^*\s][^*]*?)\*/.exec(rest))) {
      flush();
      out.push({ type: 'em', children: parseInline(m[1]!) });
      i += m[0].length;
    } else if ((m = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest))) {
      const href = safeHref(m[2]!);
      if (href) {
        flush();
        out.push({ type: 'link', href, children: parseInline(m[1]!) });
      } else {
        plain += m[0];
      }
      i += m[0].length;
    } else {
      plain += text[i];
      i += 1;
    }
  }
  flush();
  return out;
}

/** Blocks of a Markdown text: blank lines separate paragraphs; lines of a list belong to it. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: Inline[][] } | null = null;
  const endParagraph = () => {
    if (paragraph.length)
      blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push({ type: 'list', ...list });
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    let m: RegExpExecArray | null;
    if (!line) {
      endParagraph();
      endList();
    } else if ((m = /^(#{1,3})\s+(.*)$/.exec(line))) {
      endParagraph();
      endList();
      blocks.push({
        type: 'heading',
        level: m[1]!.length as 1 | 2 | 3,
        children: parseInline(m[2]!),
      });
    } else if ((m = /^(?:[-*+]|(\d{1,3})[.)])\s+(.*)$/.exec(line))) {
      endParagraph();
      const ordered = m[1] !== undefined;
      if (list && list.ordered !== ordered) endList();
      list ??= { ordered, items: [] };
      list.items.push(parseInline(m[2]!));
    } else {
      endList();
      paragraph.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}

/** The plain text of a Markdown text (search, previews): marks dropped, links' words kept. */
export function markdownText(source: string): string {
  const text = (nodes: Inline[]): string =>
    nodes.map((n) => ('text' in n ? n.text : text(n.children))).join('');
  return parseMarkdown(source)
    .map((b) => (b.type === 'list' ? b.items.map(text).join(' ') : text(b.children)))
    .join(' ');
}
