import { describe, expect, it } from 'vitest';
import { renderBlogBody, sanitizeBlogHtml } from './blog-html';

describe('blog body', () => {
  it('renders Markdown: headings start at h2, lists, emphasis and links', () => {
    const html = renderBlogBody(
      '# Travel\n\nSome **bold** and *soft* words, [a link](https://example.com).\n\n- one\n- two',
    );
    expect(html).toContain('<h2>Travel</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>soft</em>');
    expect(html).toContain('<a href="https://example.com" rel="noopener nofollow">a link</a>');
    expect(html).toContain('<li>one</li>');
  });

  it('removes script and style elements with their content', () => {
    const html = renderBlogBody('Hello <script>alert(1)</script><style>body{display:none}</style> world');
    expect(html).not.toMatch(/script|alert|style|display/i);
    expect(html).toContain('Hello');
    expect(html).toContain('world');
  });

  it('removes event handler attributes', () => {
    const html = sanitizeBlogHtml(
      '<p onclick="steal()">Hi <img src="/api/blog/covers/a.png" onerror="steal()" alt="x"></p>',
    );
    expect(html).not.toMatch(/onclick|onerror|steal/);
    expect(html).toBe('<p>Hi <img src="/api/blog/covers/a.png" alt="x" /></p>');
  });

  it('removes javascript: and data: links, also written in Markdown or disguised', () => {
    for (const source of [
      '[click](javascript:alert(1))',
      '<a href="javascript:alert(1)">click</a>',
      '<a href="JaVaScRiPt&colon;alert(1)">click</a>',
      '<a href=" javascript:alert(1)">click</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD4=">click</a>',
    ]) {
      const html = renderBlogBody(source);
      expect(html, source).not.toMatch(/javascript|data:/i);
      expect(html, source).toContain('click');
    }
  });

  it('drops iframes, forms, inline styles and images from other origins', () => {
    const html = sanitizeBlogHtml(
      '<iframe src="https://evil.example"></iframe><form action="/x"><input></form><p style="color:red">t</p><img src="https://evil.example/p.png"><img src="//evil.example/p.png">',
    );
    expect(html).toBe('<p>t</p>');
  });

  it('keeps plain text that looks like markup as text', () => {
    expect(renderBlogBody('1 < 2 & 3 > 2')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>\n');
  });
});
