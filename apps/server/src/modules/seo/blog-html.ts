import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * What a blog body may hold once rendered: text structure, links and images of our own origin. Everything else
 * (script and style elements, event handler attributes, `javascript:` and `data:` links, iframes, inline
 * styles) is removed, so the site can put the stored HTML on its pages as it is (ADR 0054).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'blockquote',
    'code',
    'pre',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images only from our own origin: the site's Content-Security-Policy refuses others anyway.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The article's title is the page's h1: headings inside the body start at h2.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener nofollow' } }),
  },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // An image whose address was refused is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};
// `rel` is set by the transform above, so it must survive the attribute filter.
options.allowedAttributes = { ...options.allowedAttributes, a: ['href', 'title', 'rel'] };

/** Sanitises HTML to the blog's allowed subset. */
export const sanitizeBlogHtml = (html: string) => sanitizeHtml(html, options);

/** A blog body (Markdown, raw HTML allowed inside it) to the HTML the site shows. */
export const renderBlogBody = (markdown: string) =>
  sanitizeBlogHtml(marked.parse(markdown, { async: false, gfm: true }));
