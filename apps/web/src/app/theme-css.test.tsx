import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';
import { themeCssVariables } from './theme-css';

describe('the theme stylesheet', () => {
  it('holds exactly the variables MantineProvider would add at run time', () => {
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <p>portal</p>
      </MantineProvider>,
    );
    const computed = document.querySelector('style[data-mantine-styles]')?.textContent;
    expect(computed).toContain('--mantine-color-okuu-6: #4967a3');
    expect(themeCssVariables()).toBe(computed);
  });
});
