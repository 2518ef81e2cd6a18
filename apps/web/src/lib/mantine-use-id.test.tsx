import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-use-id';

function Field({ staticId }: { staticId?: string }) {
  const id = useId(staticId);
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" data-testid={staticId ?? 'field'} id={id} onClick={() => setClicks(clicks + 1)}>
      {clicks}
    </button>
  );
}

describe('useId for Mantine', () => {
  it('gives each component its own id, usable in a selector, that stays the same across renders', () => {
    render(
      <>
        <Field />
        <Field />
      </>,
    );
    const [first, second] = screen.getAllByTestId('field');
    const id = first?.id ?? '';
    expect(id).toMatch(/^mantine-[\w-]+$/);
    expect(second?.id).toMatch(/^mantine-[\w-]+$/);
    expect(second?.id).not.toBe(id);
    expect(document.querySelector(`#${id}`)).toBe(first);

    if (first) fireEvent.click(first);
    expect(first?.textContent).toBe('1');
    expect(first?.id).toBe(id);
  });

  it('keeps an id it is given', () => {
    render(<Field staticId="login" />);
    expect(screen.getByTestId('login').id).toBe('login');
  });
});
