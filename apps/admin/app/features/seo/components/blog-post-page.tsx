import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HistorySection } from '../../../components/history-list';
import { LoadState } from '../../../components/load-state';
import { useBlogPost } from '../api/blog-posts';
import { BlogCover } from './blog-cover';
import { BlogPostForm } from './blog-post-form';

/** A post's page: its texts, its cover and its history. */
export const BlogPostPage = ({ id }: { id: string }) => {
  const { t } = useTranslation(['admin-seo', 'admin']);
  const answer = useBlogPost(id);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const post = answer.data;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <BlogPostForm key={post.version} post={post} />
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <BlogCover post={post} />
      </Paper>
      <HistorySection entries={post.history} describe={(entry) => t(`history.${entry.action}`)} />
    </Stack>
  );
};
