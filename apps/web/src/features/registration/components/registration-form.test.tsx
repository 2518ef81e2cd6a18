import type {
  RegistrationDiscipline,
  RegistrationOffering,
  RegistrationTeacher,
  StudySemester,
} from '@okuu/contracts/registration/common';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FakeReply, fakeServer, renderAt, testStudent } from '../../../test/render';
import { RegistrationForm } from './registration-form';

// The screen's texts come with its code, once i18next has started (test/setup.ts).
beforeAll(() => import('../catalogue'));

const names = (name: string) => ({ name, nameKg: `${name} (kg)`, nameEn: `${name} (en)` });
const period = { id_a_year: 2026, ws: 1 };
const semester: StudySemester = { id_semester: 1, number: 1, ...names('1 семестр') };

const databases: RegistrationDiscipline = {
  id_discipline: 2,
  code: 'D002',
  ...names('Базы данных'),
  id_kafedra: 1,
  id_semester: 1,
  kredits: 3,
  id_examination: 1,
  examination: names('Экзамен'),
  isSelect: false,
  registeredKinds: [1],
  offerings: 3,
  seatsLeft: 8,
};
const elective: RegistrationDiscipline = {
  ...databases,
  id_discipline: 18,
  code: 'D018',
  ...names('Кыргызский язык'),
  kredits: 4,
  id_examination: 2,
  examination: names('Зачёт'),
  isSelect: true,
  registeredKinds: [],
};
const teacher: RegistrationTeacher = {
  id_teacher: 7,
  t_fio: 'Турдубаев Бакыт Эркинович',
  position: null,
  kinds: [{ id_vid_zaniatiy: 2, ...names('Практика') }],
  seatsLeft: 6,
  full: false,
};

function offering(id: number, overrides: Partial<RegistrationOffering>): RegistrationOffering {
  return {
    subgroup: id,
    descGroupNum: '',
    audience: { kind: 'open', name: '', nameKg: '', nameEn: '' },
    id_teacher: 7,
    t_fio: teacher.t_fio,
    id_vid_zaniatiy: 2,
    vid: names('Практика'),
    id_group: null,
    id_stream: null,
    id_subgroup: null,
    capacity: 6,
    seatsLeft: 6,
    full: false,
    mine: false,
    ...overrides,
  };
}

const open = offering(31, {});

/** The reply of a save. */
const saved = (body: Record<string, unknown>): FakeReply => ({
  data: {
    registration: {
      id_disciplineForStudent: 501,
      id_a_year: 2026,
      ws: 1,
      id_semester: 1,
      semester: { number: 1, ...names('1 семестр') },
      id_group: 1,
      id_kafedra: 1,
      id_discipline: body.id_discipline,
      discipline: { code: 'D002', ...names('Базы данных') },
      kredits: body.kredits,
      id_examination: body.id_examination,
      examination: names('Экзамен'),
      id_teacher: 7,
      t_fio: teacher.t_fio,
      id_vid_zaniatiy: body.id_vid_zaniatiy,
      vid: names('Практика'),
      subgroup: body.subgroup,
      descGroupNum: '',
      audience: { kind: 'open', name: '', nameKg: '', nameEn: '' },
      isSelect: body.isSelect,
      isByPlan: !body.isSelect,
      created: '2026-11-25T05:00:00.000Z',
    },
    seatsLeft: 5,
  },
});
const full = offering(32, { audience: { kind: 'group', ...names('ПИ-2-26') }, seatsLeft: 0, full: true });
const lecture = offering(33, { id_vid_zaniatiy: 1, vid: names('Лекция'), capacity: 30, seatsLeft: 3 });

function server(save: FakeReply | ((body: Record<string, unknown>) => FakeReply)) {
  return fakeServer({
    '/api/regfordisciplines/getteachersforregel.json': { data: [teacher] },
    '/api/regfordisciplines/getsubgroupsforregel.json': { data: [open, full, lecture] },
    '/api/regfordisciplines/optional/disciplines.json': { data: [elective] },
    '/api/regfordisciplines/optional/teachers.json': { data: [teacher] },
    '/api/regfordisciplines/optional/subgroups.json': { data: [offering(41, { id_vid_zaniatiy: 1 })] },
    '/api/regfordisciplines/saveregistration.json': save,
  });
}

function renderForm(electivesAllowed = true) {
  renderAt(
    '/lms/registration',
    <RegistrationForm period={period} semester={semester} plan={[databases]} electivesAllowed={electivesAllowed} />,
    {
      user: testStudent,
    },
  );
}

const select = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) }) as HTMLSelectElement;

async function chooseAll(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(select('Дисциплина'), '2');
  await waitFor(() => expect(select('Преподаватель').querySelectorAll('option')).toHaveLength(2));
  await user.selectOptions(select('Преподаватель'), '7');
  await waitFor(() => expect(select('Поток или подгруппа').querySelectorAll('option')).toHaveLength(4));
}

describe('registration form', () => {
  it('shows each offering with its seats; full ones, and a lesson kind held, cannot be chosen', async () => {
    server({ status: 500 });
    const user = userEvent.setup();
    renderForm();
    expect(select('Дисциплина').querySelector('option:nth-child(2)')?.textContent).toBe(
      'Базы данных · 3 кр. — свободно 8 мест',
    );
    await chooseAll(user);
    expect((screen.getByRole('textbox', { name: 'Форма контроля' }) as HTMLInputElement).value).toBe('Экзамен');
    expect((screen.getByRole('textbox', { name: 'Кредиты' }) as HTMLInputElement).value).toBe('3');
    expect(select('Преподаватель').querySelector('option[value="7"]')?.textContent).toBe(
      'Турдубаев Б. Э. — свободно 6 мест',
    );
    const options = [...select('Поток или подгруппа').querySelectorAll('option')].map((o) => [
      o.textContent,
      o.disabled,
    ]);
    expect(options).toEqual([
      [' --- ', false],
      ['Практика · открытая группа — свободно 6 мест', false],
      ['Практика · ПИ-2-26 — мест нет', true],
      ['Лекция · открытая группа — вы уже записаны на этот вид занятий', true],
    ]);
    // Choosing another discipline clears the teacher and the offering (spec: Dropdowns and selection).
    await user.selectOptions(select('Поток или подгруппа'), '31');
    await user.selectOptions(select('Дисциплина'), '-1');
    expect(select('Преподаватель').value).toBe('-1');
    expect(select('Поток или подгруппа').value).toBe('-1');
  });

  it('says when a list failed to load, and its retry loads it', async () => {
    let failing = true;
    fakeServer({
      '/api/regfordisciplines/getteachersforregel.json': () =>
        failing
          ? { status: 503, error: { code: 'unavailable', message: 'The service is unavailable.' } }
          : { data: [teacher] },
    });
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(select('Дисциплина'), '2');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить');
    expect(select('Преподаватель').querySelectorAll('option')).toHaveLength(1);
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    await waitFor(() => expect(select('Преподаватель').querySelectorAll('option')).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for every choice before sending anything', async () => {
    const calls = server({ status: 500 });
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Записаться' }));
    expect(screen.getAllByText('Выберите из списка')).toHaveLength(3);
    expect(calls.filter((c) => c.path.endsWith('saveregistration.json'))).toEqual([]);
  });

  it('saves with the fields of the registration and an Idempotency-Key, then clears the form', async () => {
    const calls = server(saved);
    const user = userEvent.setup();
    renderForm();
    await chooseAll(user);
    await user.selectOptions(select('Поток или подгруппа'), '31');
    await user.click(screen.getByRole('button', { name: 'Записаться' }));
    await waitFor(() => expect(select('Дисциплина').value).toBe('-1'));
    const saves = calls.filter((c) => c.path === '/api/regfordisciplines/saveregistration.json');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toEqual({
      id_a_year: 2026,
      ws: 1,
      id_semester: 1,
      id_discipline: 2,
      id_teacher: 7,
      subgroup: 31,
      id_vid_zaniatiy: 2,
      kredits: 3,
      id_examination: 1,
      isSelect: false,
    });
    expect(saves[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it("says 'no seats left' when the last seat went to someone else, and the same retry keeps its key", async () => {
    const calls = server({
      status: 409,
      error: { code: 'no_seats', message: 'No seats are left in this offering.' },
    });
    const user = userEvent.setup();
    renderForm();
    await chooseAll(user);
    await user.selectOptions(select('Поток или подгруппа'), '31');
    await user.click(screen.getByRole('button', { name: 'Записаться' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Не удалось записаться: Мест больше нет: последнее место только что заняли. Выберите другой поток или подгруппу.',
    );
    // The seats are asked again after the refusal.
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('getsubgroupsforregel.json')).length).toBeGreaterThan(1),
    );
    await user.click(screen.getByRole('button', { name: 'Записаться' }));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('saveregistration.json'))).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.path.endsWith('saveregistration.json'));
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('offers electives only with the permission, from their own lists', async () => {
    const calls = server(saved);
    renderForm(false);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByText('Запись на элективы — только с разрешения деканата.')).toBeTruthy();
    expect(calls.filter((c) => c.path.includes('/optional/'))).toEqual([]);
  });

  it('registers for an elective through optional/*', async () => {
    const calls = server(saved);
    const user = userEvent.setup();
    renderForm(true);
    await user.click(screen.getByRole('switch', { name: 'Электив (дисциплина по выбору)' }));
    await waitFor(() => expect(select('Дисциплина').querySelectorAll('option')).toHaveLength(2));
    await user.selectOptions(select('Дисциплина'), '18');
    expect((screen.getByRole('textbox', { name: 'Кредиты' }) as HTMLInputElement).value).toBe('4');
    await waitFor(() => expect(select('Преподаватель').querySelectorAll('option')).toHaveLength(2));
    await user.selectOptions(select('Преподаватель'), '7');
    await waitFor(() => expect(select('Поток или подгруппа').querySelectorAll('option')).toHaveLength(2));
    await user.selectOptions(select('Поток или подгруппа'), '41');
    await user.click(screen.getByRole('button', { name: 'Записаться' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('saveregistration.json'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('saveregistration.json'))?.body).toMatchObject({
      id_discipline: 18,
      isSelect: true,
      id_examination: 2,
      subgroup: 41,
    });
    expect(calls.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        '/api/regfordisciplines/optional/disciplines.json',
        '/api/regfordisciplines/optional/teachers.json',
        '/api/regfordisciplines/optional/subgroups.json',
      ]),
    );
  });
});
