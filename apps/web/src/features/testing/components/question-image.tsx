import type { QuestionImage as Image } from '@okuu/contracts/testing/images';

/**
 * A question's image, as wide as the question at most (a phone's 390 px too). The server gives it only to the
 * question's teachers and inside the student's own attempt; its alt text says what it shows.
 */
export function QuestionImage({ image }: { image: Image }) {
  return (
    <img
      src={image.url}
      alt={image.alt}
      data-testid="question-image"
      style={{
        display: 'block',
        maxWidth: '100%',
        maxHeight: 360,
        height: 'auto',
        objectFit: 'contain',
        margin: '0 0 var(--mantine-spacing-xs)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    />
  );
}
