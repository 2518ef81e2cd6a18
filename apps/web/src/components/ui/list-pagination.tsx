// Mantine's styles of the components used here (app/styles.ts holds the shell's): loaded with this screen's chunk.
import '@mantine/core/styles/Pagination.css';
import { Center, Pagination } from '@mantine/core';

export interface ListPaginationLabels {
  /** The navigation landmark's name. */
  nav: string;
  previous: string;
  next: string;
  page: (page: number) => string;
}

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  labels: ListPaginationLabels;
  disabled?: boolean;
}

/** Page numbers under a list; nothing when everything fits on one page. */
export function ListPagination({ page, pageSize, total, onChange, labels, disabled }: Props) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Center component="nav" aria-label={labels.nav}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        disabled={disabled}
        getItemProps={(item) => ({ 'aria-label': labels.page(item) })}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': labels.previous }
            : control === 'next'
              ? { 'aria-label': labels.next }
              : {}
        }
      />
    </Center>
  );
}
