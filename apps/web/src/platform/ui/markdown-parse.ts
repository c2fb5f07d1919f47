/**
 * A small markdown reader for release notes (headings, paragraphs, lists, quotes, code, rules,
 * bold, italic, inline code, links). It produces data, never HTML, so nothing in the text can
 * inject markup; the renderer turns it into React elements. Links keep http(s) and mailto only.
 */
export type Inline =
  | { t: 'text'; v: string }
  | { t: 'strong'; c: Inline[] }
  | { t: 'em'; c: Inline[] }
  | { t: 'code'; v: string }
  | { t: 'link'; href: string; c: Inline[] };

export type Block =
  | { t: 'h'; level: 1 | 2 | 3 | 4; c: Inline[] }
  | { t: 'p'; c: Inline[] }
  | { t: 'list'; ordered: boolean; items: Inline[][] }
  | { t: 'quote'; c: Inline[] }
  | { t: 'code'; v: string }
  | { t: 'hr' };

const safeHref = (href: string): string | null => (/^(https?:|mailto:)/i.test(href.trim()) ? href.trim() : null);

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push({ t: 'text', v: buf });
    buf = '';
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const code = rest.match(/^`([^`]+)`/);
    const strong = rest.match(/^\*\*(.+?)\*\*/) ?? rest.match(/^__(.+?)__/);
    const em = rest.match(/^\*([^*\s][^*]*?)\*/) ?? rest.match(/^_([^_\s][^_]*?)_(?![A-Za-z0-9])/);
    const link = rest.match(/^\[([^\]]+)\]\(([^)\s]+)\)/);
    if (code) {
      flush();
      out.push({ t: 'code', v: code[1]! });
      i += code[0].length;
    } else if (strong) {
      flush();
      out.push({ t: 'strong', c: parseInline(strong[1]!) });
      i += strong[0].length;
    } else if (em) {
      flush();
      out.push({ t: 'em', c: parseInline(em[1]!) });
      i += em[0].length;
    } else if (link) {
      flush();
      const href = safeHref(link[2]!);
      if (href) out.push({ t: 'link', href, c: parseInline(link[1]!) });
      else out.push(...parseInline(link[1]!));
      i += link[0].length;
    } else {
      buf += text[i];
      i += 1;
    }
  }
  flush();
  return out;
}

const LIST_ITEM = /^\s*(?:[-*+]|(\d+)[.)])\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let para: string[] = [];
  const endPara = () => {
    if (para.length) blocks.push({ t: 'p', c: parseInline(para.join(' ')) });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*```/.test(line)) {
      endPara();
      const body: string[] = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]!); i++) body.push(lines[i]!);
      blocks.push({ t: 'code', v: body.join('\n') });
      continue;
    }
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    if (heading) {
      endPara();
      const level = Math.min(4, heading[1]!.length) as 1 | 2 | 3 | 4;
      blocks.push({ t: 'h', level, c: parseInline(heading[2]!.trim()) });
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      endPara();
      blocks.push({ t: 'hr' });
      continue;
    }
    const item = line.match(LIST_ITEM);
    if (item) {
      endPara();
      const ordered = item[1] !== undefined;
      const items: Inline[][] = [parseInline(item[2]!)];
      while (i + 1 < lines.length) {
        const next = lines[i + 1]!.match(LIST_ITEM);
        if (!next || (next[1] !== undefined) !== ordered) break;
        items.push(parseInline(next[2]!));
        i++;
      }
      blocks.push({ t: 'list', ordered, items });
      continue;
    }
    const quote = line.match(/^\s*>\s?(.*)$/);
    if (quote) {
      endPara();
      blocks.push({ t: 'quote', c: parseInline(quote[1]!) });
      continue;
    }
    if (!line.trim()) endPara();
    else para.push(line.trim());
  }
  endPara();
  return blocks;
}
