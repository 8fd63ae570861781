import { Anchor } from '@mantine/core';
import { Fragment } from 'react';

const urlPattern = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain text with its http(s) addresses as links. Never renders the e-mail's HTML. */
export const LinkifiedText = ({ text }: { text: string }) => (
  <pre className="mailbox-text">
    {text.split(urlPattern).map((part, index) =>
      index % 2 === 1 ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable string, in order.
        <Anchor key={index} href={part}>
          {part}
        </Anchor>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable string, in order.
        <Fragment key={index}>{part}</Fragment>
      ),
    )}
  </pre>
);
