import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, renderAt, testStudent } from '../../../test/render';
import { GradeScaleEditor } from './grade-scale-editor';

const scale = [
  { letter: 'P', minPoints: 50, maxPoints: 100, numeric: 4 },
  { letter: 'F', minPoints: 0, maxPoints: 49, numeric: 0 },
];
const staff = { ...testStudent, role: 3, group: null };

// The screens' texts come with their code, once i18next has started (test/setup.ts).
beforeAll(() => import('../catalogue'));

describe('the grading scale editor', () => {
  it('says what is wrong with a scale in the interface language and sends nothing; a good one is saved', async () => {
    const calls = fakeServer({
      '/api/transcript/scale.json': { data: scale },
      '/api/transcript/scale/save.json': (body) => ({ data: body.bands }),
    });
    const user = userEvent.setup();
    renderAt('/lms/staff/grade-scale', <GradeScaleEditor />, { user: staff });
    const from = await screen.findByRole('textbox', { name: 'Баллы от (P)' });
    await user.clear(from);
    await user.type(from, '60');
    await user.click(screen.getByRole('button', { name: 'Сохранить шкалу' }));
    expect(screen.getByRole('alert').textContent).toBe('Баллы 50–59 не входят ни в одну строку.');
    await user.clear(screen.getByRole('textbox', { name: 'Числовой эквивалент (F)' }));
    await user.type(screen.getByRole('textbox', { name: 'Числовой эквивалент (F)' }), '4,5');
    await user.click(screen.getByRole('button', { name: 'Сохранить шкалу' }));
    expect(screen.getByRole('alert').textContent).toBe('Баллы 50–59 не входят ни в одну строку.');
    expect(calls.some((c) => c.path === '/api/transcript/scale/save.json')).toBe(false);

    await user.clear(from);
    await user.type(from, '50');
    await user.click(screen.getByRole('button', { name: 'Сохранить шкалу' }));
    expect(screen.getByRole('alert').textContent).toBe('P стоит меньше, чем F, хотя требует больше баллов.');

    await user.clear(screen.getByRole('textbox', { name: 'Числовой эквивалент (F)' }));
    await user.type(screen.getByRole('textbox', { name: 'Числовой эквивалент (F)' }), '0,5');
    await user.click(screen.getByRole('button', { name: 'Сохранить шкалу' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/transcript/scale/save.json')).toBe(true));
    expect(calls.find((c) => c.path === '/api/transcript/scale/save.json')?.body).toEqual({
      bands: [scale[0], { letter: 'F', minPoints: 0, maxPoints: 49, numeric: 0.5 }],
    });
  });
});
