/** Blog posts: GET and POST /api/staff/blog-posts, GET and PUT /blog-posts/:id, PUT /blog-posts/:id/cover. */
import type { Paged } from '@esim/contracts';
import type { BlogPostDetail, BlogPostsQuery, SaveBlogPostBody, StaffBlogPost } from '@esim/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const blogPostsListId = 'blog-posts';

export const listBlogPosts = (query: BlogPostsQuery, signal?: AbortSignal) =>
  api.get<Paged<StaffBlogPost>>('/staff/blog-posts', { query, ...(signal ? { signal } : {}) });

const postKey = (id: string) => ['blogPost', id] as const;

export const useBlogPost = (id: string) =>
  useQuery({
    queryKey: postKey(id),
    queryFn: ({ signal }) =>
      api.get<BlogPostDetail>(`/staff/blog-posts/${encodeURIComponent(id)}`, { signal }),
  });

/** Creates a post (no id) or changes one; the list reloads and the post's page gets the answer. */
export const useSaveBlogPost = (id: string | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBlogPostBody) =>
      id
        ? api.put<BlogPostDetail>(`/staff/blog-posts/${encodeURIComponent(id)}`, body)
        : api.post<BlogPostDetail>('/staff/blog-posts', body),
    onSuccess: (post) => {
      queryClient.setQueryData(postKey(post.id), post);
      return queryClient.invalidateQueries({ queryKey: [blogPostsListId] });
    },
  });
};

/** Replaces the cover (multipart, one `cover` file). */
export const useUploadCover = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('cover', file);
      return api.put<BlogPostDetail>(`/staff/blog-posts/${encodeURIComponent(id)}/cover`, body);
    },
    onSuccess: (post) => {
      queryClient.setQueryData(postKey(post.id), post);
      return queryClient.invalidateQueries({ queryKey: [blogPostsListId] });
    },
  });
};
