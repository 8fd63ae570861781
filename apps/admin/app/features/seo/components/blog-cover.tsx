import { blogCoverTypes } from '@esim/contracts';
import type { BlogPostDetail } from '@esim/contracts/staff';
import { describeError } from '@esim/ui/describe-error';
import { useToast } from '@esim/ui/feedback/toast';
import { Alert, FileInput, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadCover } from '../api/blog-posts';

/** The post's cover: the current image and a file input that uploads the chosen one at once. */
export const BlogCover = ({ post }: { post: BlogPostDetail }) => {
  const { t } = useTranslation(['admin-seo', 'admin', 'common']);
  const toast = useToast();
  const upload = useUploadCover(post.id);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="blog-cover-title">
      <Text id="blog-cover-title" fw={600}>
        {t('cover.title')}
      </Text>
      {post.coverUrl ? (
        <Image
          src={post.coverUrl}
          alt={t('cover.alt')}
          maw={360}
          radius="md"
          data-testid="blog-cover-image"
        />
      ) : (
        <Text size="sm" c="gray.7">
          {t('cover.none')}
        </Text>
      )}
      <FileInput
        label={t('cover.choose')}
        description={t('cover.hint')}
        accept={blogCoverTypes.join(',')}
        clearable={false}
        disabled={upload.isPending}
        data-testid="blog-cover-input"
        onChange={(file) => {
          if (!file) return;
          setError(null);
          upload.mutate(file, {
            onSuccess: () => toast(t('cover.uploaded')),
            onError: (failure) => setError(describeError(t, failure, 'GENERIC')),
          });
        }}
      />
      {error ? (
        <Alert
          color="red"
          role="alert"
          data-testid="blog-cover-error"
          styles={{ message: { color: 'var(--mantine-color-dark-9)' } }}
        >
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
};
