import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The line a table shows when it has no rows. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" py="sm">
      {children}
    </Text>
  );
}
