/** Plain-text excerpts of Markdown bodies, for meta descriptions and list previews. */

/** The first `max` characters of `markdown` as plain text, cut at a word or sentence end. */
export function excerpt(markdown: string, max = 160): string {
  const text = markdown
    .replace(/^\s*\|.*\|\s*$/gm, ' ') // tables
    .replace(/^#+\s+.*$/gm, ' ') // headings
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ') // pictures
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links keep their text
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '') // list markers
    .replace(/^\s*>\s?/gm, '') // quotes
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const stop = Math.max(cut.lastIndexOf('。'), cut.lastIndexOf('. '), cut.lastIndexOf('；'));
  if (stop > max * 0.5) return cut.slice(0, stop + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.5 ? cut.slice(0, space) : cut).replace(/[,;:，、]$/, '')}…`;
}
