import type { FileKind } from '../../lib/files';

/** The label and colour of each kind: the colours office suites use, readable in both themes. */
const look: Record<FileKind, { label: string | null; color: string }> = {
  pdf: { label: 'PDF', color: '#d63c3c' },
  sheet: { label: 'XLS', color: '#1f8a4c' },
  doc: { label: 'DOC', color: '#2f6fd6' },
  text: { label: 'TXT', color: '#6b7280' },
  slides: { label: 'PPT', color: '#d9622b' },
  other: { label: null, color: '#6b7280' },
};

/**
 * A file-type icon: a sheet of paper with a coloured band naming the kind (pdf, xls, doc, txt, ppt; lines for any
 * other file). Decorative: the button or link it sits in carries the file's name.
 */
export function FileIcon({ kind, size = 28 }: { kind: FileKind; size?: number }) {
  const { label, color } = look[kind];
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-kind={kind}
    >
      <path
        d="M6 2h8l5 5v13a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z"
        fill="var(--mantine-color-body)"
        stroke="currentColor"
        strokeWidth={1.4}
        strokeLinejoin="round"
      />
      <path d="M14 2v5h5" fill="none" stroke="currentColor" strokeWidth={1.4} strokeLinejoin="round" />
      {label ? (
        <>
          <rect x="0.5" y="10.5" width="19" height="9" rx="1.5" fill={color} />
          <text
            x="10"
            y="17.4"
            textAnchor="middle"
            fontSize="7"
            fontWeight="700"
            fontFamily="system-ui, sans-serif"
            fill="#fff"
          >
            {label}
          </text>
        </>
      ) : (
        <path d="M8 12h8M8 15h8M8 18h5" fill="none" stroke={color} strokeWidth={1.4} strokeLinecap="round" />
      )}
    </svg>
  );
}
