import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways (or down, `mah`) where the room is short: its scrolling area is a region named
 * `label` that the keyboard reaches, so its hidden columns are not out of reach (WCAG: scrollable regions focusable).
 */
export function ScrollTable({
  label,
  minWidth,
  mah,
  children,
}: {
  label: string;
  minWidth: number;
  mah?: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      mah={mah}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
