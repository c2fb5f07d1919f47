/** The http(s) links of sanitised mail HTML (attribute values as sanitize-html writes them: double-quoted, `&amp;`). */
export function linksOf(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<a\b[^>]*?\shref="(https?:\/\/[^"]+)"/gi)) out.add(unescapeAttr(m[1]!));
  return [...out];
}

/** Each recorded link's href replaced by its tracked address, and the open pixel put at the end. */
export function decorateHtml(html: string, tracked: Map<string, string>, pixelUrl: string): string {
  const linked = html.replace(/(<a\b[^>]*?\shref=")(https?:\/\/[^"]+)(")/gi, (all, pre: string, href: string, post) => {
    const to = tracked.get(unescapeAttr(href));
    return to ? `${pre}${escapeAttr(to)}${post}` : all;
  });
  return `${linked}<img src="${escapeAttr(pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px" />`;
}

const unescapeAttr = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
