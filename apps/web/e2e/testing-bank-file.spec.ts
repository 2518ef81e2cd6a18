import type { BankQuestion, TeachingDiscipline } from '@okuu/contracts/testing/bank';
import { expect, test } from '@playwright/test';
import { axeFindings, data, signIn } from './support';

test('teacher1 imports a bank file: a bad one is refused with its rows named, a good one adds every question', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'teacher1');
  const disciplines = await data<TeachingDiscipline[]>(
    await page.request.post('/api/testing/disciplines.json', { data: {} }),
  );
  const discipline = disciplines[0] as TeachingDiscipline;
  await page.goto(`/lms/testing?discipline=${discipline.id_discipline}&tab=bank`);
  const panel = page.getByRole('region', { name: 'Банк вопросов в файле' });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('link', { name: 'XLSX' }).last()).toHaveAttribute('href', /template\.file\?format=xlsx/);

  const stamp = Date.now().toString(36);
  const pick = async (name: string, text: string) => {
    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Загрузить вопросы из файла…' }).click();
    await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  };

  // Row 3 names two correct options of a single choice, row 4 an unknown kind: nothing is added.
  await pick(
    'bad.csv',
    [
      'topic,kind,text,options,correct,accepted',
      `Импорт ${stamp},text,Эпос?,,,Манас`,
      `Импорт ${stamp},single,Выберите,a | b,1 | 2,`,
      `Импорт ${stamp},essay,Напишите,,,`,
    ].join('\n'),
  );
  const problems = page.getByTestId('bank-import-problems');
  await expect(problems).toContainText('Найдено 2 ошибки');
  await expect(
    problems.getByRole('row', { name: /^3 correct У вопроса с одним ответом ровно один верный вариант/ }),
  ).toBeVisible();
  await expect(
    problems.getByRole('row', { name: /^4 kind Допустимо одно из: single, multiple, text, number, matching/ }),
  ).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  // Nothing of the file is in the bank (other tests may add their own questions meanwhile).
  const bank = await data<BankQuestion[]>(
    await page.request.post('/api/testing/bank.json', { data: { id_discipline: discipline.id_discipline } }),
  );
  expect(bank.filter((q) => q.topic === `Импорт ${stamp}`)).toEqual([]);

  await pick(
    'good.csv',
    [
      'topic,kind,text,options,correct,accepted',
      `Импорт ${stamp},text,Эпос?,,,Манас`,
      `Импорт ${stamp},single,Выберите,a | b,2,`,
    ].join('\n'),
  );
  await expect(page.getByTestId('bank-import-done')).toHaveText('В банк добавлено 2 вопроса.');
  await expect(page.getByRole('region', { name: `Импорт ${stamp}` }).getByTestId('bank-question')).toHaveCount(2);
  expect(await axeFindings(page)).toEqual([]);
});
