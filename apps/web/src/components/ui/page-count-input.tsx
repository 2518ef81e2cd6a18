// Mantine's styles of the components used only here (app/styles.ts holds the shell's): loaded with this chunk.
import '@mantine/core/styles/NumberInput.css';
import { NumberInput } from '@mantine/core';

/** The most pages a book or a study material may have. */
const PAGES_MAX = 100_000;

/** A page count as typed: empty (unknown) or a whole number up to the limit. */
export function isPageCount(pages: string): boolean {
  return pages === '' || (/^\d{1,6}$/.test(pages) && Number(pages) <= PAGES_MAX);
}

interface Props {
  label: string;
  /** The count as typed ('' when unknown). */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  readOnly?: boolean;
}

/** The number of pages of a book or a study material: a whole number, 0 to 100 000. */
export function PageCountInput({ label, value, onChange, error, readOnly }: Props) {
  return (
    <NumberInput
      label={label}
      value={value}
      onChange={(next) => onChange(String(next))}
      min={0}
      max={PAGES_MAX}
      allowDecimal={false}
      allowNegative={false}
      error={error}
      readOnly={readOnly}
    />
  );
}
