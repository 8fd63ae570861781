import type { OutboxMessage } from '@esim/contracts';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Attachment = OutboxMessage['attachments'][number];

/** A message's files as download links; inline images (the QR code) are also shown, named by their file name. */
export const AttachmentList = ({ attachments }: { attachments: Attachment[] }) => {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  const images = attachments.filter((a) => a.inline && a.contentType.startsWith('image/'));
  return (
    <section data-testid="outbox-attachments">
      <Text component="h3" size="sm" fw={700} mt="sm" mb={4}>
        {t('mailbox.attachments')}
      </Text>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {attachments.map((file) => (
          <li key={file.url}>
            <Anchor href={file.url} download={file.filename} data-testid="outbox-attachment">
              {file.filename}
            </Anchor>{' '}
            <Text component="span" size="sm" c="dark.6">
              ({file.contentType}
              {file.inline ? `, ${t('mailbox.inline')}` : ''})
            </Text>
          </li>
        ))}
      </ul>
      {images.map((file) => (
        <img
          key={file.url}
          src={file.url}
          alt={file.filename}
          data-testid="outbox-inline-image"
          style={{ display: 'block', maxWidth: 200, height: 'auto', marginTop: 8 }}
        />
      ))}
    </section>
  );
};
