import type { ReactNode } from 'react';

/** The heading band of a content page: the page's only h1 and its introduction. */
export const PageIntro = ({
  id,
  heading,
  intro,
  children,
}: {
  id: string;
  heading: string;
  intro?: string;
  children?: ReactNode;
}) => (
  <section className="page-hero" aria-labelledby={id}>
    <div className="container">
      <h1 id={id}>{heading}</h1>
      {intro ? <p className="page-hero__lead">{intro}</p> : null}
      {children}
    </div>
  </section>
);

/** Text with blank lines between paragraphs, as the content writer stores it. */
export const Paragraphs = ({ text }: { text: string }) => (
  <>
    {text
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered.
        <p key={index}>{paragraph}</p>
      ))}
  </>
);
