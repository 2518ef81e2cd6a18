import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A card of home: its title, what it shows, and a link to the screen that shows all of it. */
export function HomeCard({
  title,
  more,
  children,
  testId,
}: {
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper component="section" p="md" withBorder aria-label={title} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {more && (
            <Anchor component={Link} to={more.to} size="sm">
              {more.label}
            </Anchor>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
