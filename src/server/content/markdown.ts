/**
 * Markdown of entries written in the site, rendered the one way the public page and the
 * editor's preview both use. Raw HTML is never passed through (it shows as text), links may only
 * go to http(s), mail or the site's own paths, and pictures only come from the site (uploads and
 * shipped content art). `checkMarkdown` names what a save would refuse.
 */
import MarkdownIt from 'markdown-it';

/** Longest Markdown body accepted, in characters. */
export const MAX_BODY_CHARS = 100_000;

/** Where a link may point: the web, mail, or a path or anchor of this site. */
const SAFE_LINK = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+|\/(?!\/)[^\s]*|#[^\s]*)$/i;
/** Where a picture may come from: the site's uploads and its shipped content art. */
const SAFE_IMAGE = /^\/(?:uploads|content)\/[\w/.-]+\.(?:webp|png|jpe?g|gif|svg)$/i;

const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
md.validateLink = (url) => SAFE_LINK.test(url.trim()) || SAFE_IMAGE.test(url.trim());

// External links open in a new tab and carry no referrer weight; pictures load lazily.
const defaultLinkOpen = md.renderer.rules.link_open;
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = token.attrGet('href') ?? '';
  if (/^https?:/i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen
    ? defaultLinkOpen(tokens, idx, options, env, self)
    : self.renderToken(tokens, idx, options);
};
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const src = token.attrGet('src') ?? '';
  // A picture from elsewhere is dropped, its description kept as text.
  if (!SAFE_IMAGE.test(src)) return md.utils.escapeHtml(token.content);
  token.attrSet('loading', 'lazy');
  token.attrSet('alt', token.content);
  return self.renderToken(tokens, idx, options);
};

/** The reader's HTML of a Markdown body. */
export function renderMarkdown(body: string): string {
  return md.render(body.slice(0, MAX_BODY_CHARS));
}

/** What a save refuses in a body: too long, or links and pictures that point where they may not. */
export type MarkdownProblem =
  | { kind: 'tooLong'; max: number }
  | { kind: 'badLink'; url: string }
  | { kind: 'badImage'; url: string };

/** The first problem of a body, or undefined when it may be saved. */
export function checkMarkdown(body: string): MarkdownProblem | undefined {
  if (body.length > MAX_BODY_CHARS) return { kind: 'tooLong', max: MAX_BODY_CHARS };
  // Parse with every link allowed so the refused ones can be named.
  const probe = new MarkdownIt({ html: false, linkify: false });
  probe.validateLink = () => true;
  const stack = probe.parse(body, {});
  while (stack.length > 0) {
    const token = stack.shift()!;
    if (token.children) stack.unshift(...token.children);
    if (token.type === 'link_open') {
      const url = (token.attrGet('href') ?? '').trim();
      if (!SAFE_LINK.test(url)) return { kind: 'badLink', url: url.slice(0, 200) };
    }
    if (token.type === 'image') {
      const url = (token.attrGet('src') ?? '').trim();
      if (!SAFE_IMAGE.test(url)) return { kind: 'badImage', url: url.slice(0, 200) };
    }
  }
  return undefined;
}
