import { Badge, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './status-badge.module.css';

/**
 * A record's status (a payment's, an order's, an account's) as a badge whose text always shows in full: the text
 * says the status, the colour only repeats it. `filled` for a strong fill (with a text colour that contrasts).
 */
export function StatusBadge({
  color,
  filled = false,
  children,
  ...data
}: {
  color: MantineColor;
  filled?: boolean;
  children: ReactNode;
  [key: `data-${string}`]: string;
}) {
  return (
    <Badge
      {...data}
      color={color}
      variant={filled ? 'filled' : 'dot'}
      autoContrast={filled}
      radius="sm"
      classNames={{ root: classes.root, label: classes.label }}
    >
      {children}
    </Badge>
  );
}
