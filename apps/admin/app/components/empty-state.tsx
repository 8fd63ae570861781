import { Paper, Stack, Text } from '@mantine/core';

export type EmptyStateProps = { title: string; description?: string };

/** A quiet panel for screens with nothing to show yet. */
export const EmptyState = ({ title, description }: EmptyStateProps) => (
  <Paper withBorder radius="md" p="xl" data-testid="empty-state">
    <Stack gap={4} align="center" ta="center">
      <Text fw={600}>{title}</Text>
      {description ? <Text c="gray.7">{description}</Text> : null}
    </Stack>
  </Paper>
);
