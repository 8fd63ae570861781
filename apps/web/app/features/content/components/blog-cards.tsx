import { Link } from 'react-router';

export type BlogCard = {
  id: string;
  title: string;
  summary: string;
  href: string;
  date: string;
  isoDate: string;
  coverUrl: string | null;
  /** The BCP 47 tag of the text's language when it is not the page's (a post not yet translated). */
  lang?: string;
};

/** Blog posts as a list of cards: server markup with plain links, no script of its own (ADR 0028). */
export const BlogCards = ({ posts, headingLevel = 2 }: { posts: BlogCard[]; headingLevel?: 2 | 3 }) => {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="blog-cards" data-testid="blog-cards">
      {posts.map((post) => (
        <li key={post.id} className="blog-card" lang={post.lang}>
          {post.coverUrl ? (
            <img className="blog-card__cover" src={post.coverUrl} alt="" loading="lazy" />
          ) : null}
          <Heading className="blog-card__title">
            <Link to={post.href}>{post.title}</Link>
          </Heading>
          <time className="blog-card__date" dateTime={post.isoDate}>
            {post.date}
          </time>
          <p>{post.summary}</p>
        </li>
      ))}
    </ul>
  );
};
