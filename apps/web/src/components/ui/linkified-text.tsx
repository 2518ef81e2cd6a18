import { Anchor, Text, type TextProps } from '@mantine/core';
import { useMemo } from 'react';
import { splitLinks } from '../../lib/links';

/**
 * A user's text as plain text (never HTML), its line breaks kept and its http(s) addresses as links that open in a
 * new tab without giving that tab access to the portal.
 */
export function LinkifiedText({ text, ...props }: { text: string } & TextProps) {
  const parts = useMemo(() => splitLinks(text), [text]);
  return (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} {...props}>
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer" inherit underline="always">
            {part.text}
          </Anchor>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}
