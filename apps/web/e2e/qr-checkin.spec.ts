import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { encode } from 'uqr';
import { lessonToday } from './lesson-today';
import { data, PASSWORD, signIn } from './support';

// The e2e server takes scans all day (QR_WINDOW_MINUTES=1440 in playwright.config.ts), so that a lesson of today is
// "on now" whenever the suite runs; lessonToday makes sure there is one.

/** The QR's link as the projector shows it now. */
async function shownLink(page: Page): Promise<string> {
  const token = await page.getByRole('img', { name: /QR/ }).getAttribute('data-token');
  expect(token).toBeTruthy();
  return `/lms/public/checkin?t=${encodeURIComponent(token as string)}`;
}

/** Starts teacher1's check-in of today's lesson with student1's group in a new page; the room's point. */
async function projector(browser: Browser) {
  const lesson = await lessonToday(browser, 'teacher1', 'student1');
  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, 'teacher1');
  const started = teacher.waitForResponse(
    (r) => r.url().endsWith('/api/schedule/qr') && r.request().method() === 'POST',
  );
  await teacher.goto(`/lms/schedule/qr/${lesson.id}`);
  const { place } = await data<{ place: { latitude: number; longitude: number } }>(await started);
  return { teacher, place };
}

/** A camera's video of a QR code of `text`, for Chromium's fake camera (YUV4MPEG2, 4:2:0, grey only). */
function qrVideo(text: string): Buffer {
  const { data: modules, size } = encode(text, { ecc: 'M', border: 4 });
  const [width, height, scale] = [640, 480, Math.floor(440 / size)];
  const luma = Buffer.alloc(width * height, 235);
  const [left, top] = [Math.floor((width - size * scale) / 2), Math.floor((height - size * scale) / 2)];
  for (let y = 0; y < size * scale; y++) {
    for (let x = 0; x < size * scale; x++) {
      if (modules[Math.floor(y / scale)]?.[Math.floor(x / scale)]) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]);
}

test.describe.configure({ mode: 'serial' });

test('QR check-in: teacher1 projects, student1 signs in from the link and is present, student2 2 km away is refused', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // teacher1 opens the check-in of today's lesson with student1's group.
  const { teacher, place } = await projector(browser);
  const counts = teacher.getByTestId('checkin-counts');
  await expect(counts).toContainText('0');
  await expect(teacher.getByText(/Код сменится через \d+ с/)).toBeVisible();

  // student1, signed out, at the room: the link leads through sign-in back to the check-in, which completes.
  const student1 = await (
    await browser.newContext({
      geolocation: { latitude: place.latitude, longitude: place.longitude, accuracy: 12 },
      permissions: ['geolocation'],
    })
  ).newPage();
  await student1.goto(await shownLink(teacher));
  await expect(student1).toHaveURL(/\/lms\/login\?next=/);
  await expect(student1.getByText('Войдите, и отметка на занятии завершится сама.')).toBeVisible();
  await student1.getByLabel('Логин').fill('student1');
  await student1.getByRole('textbox', { name: 'Пароль', exact: true }).fill(PASSWORD);
  await student1.getByRole('button', { name: 'Войти' }).click();
  await expect(student1).toHaveURL(/\/lms\/public\/checkin\?k=/);
  await expect(student1.getByRole('status')).toContainText('Вы отмечены: присутствует.');

  // The projector's count goes up without a reload.
  await expect(counts.getByText('1', { exact: true })).toBeVisible();
  await expect(teacher.getByTestId('checkin-attempts')).toContainText('Присутствует');

  // student2, signed in, 2 km north of the room: refused with the distance.
  const student2 = await (
    await browser.newContext({
      geolocation: { latitude: place.latitude + 0.018, longitude: place.longitude, accuracy: 12 },
      permissions: ['geolocation'],
    })
  ).newPage();
  await signIn(student2, 'student2');
  await student2.goto(await shownLink(teacher));
  // The distance written for the reader: "2 002 м", its thousands apart.
  await expect(student2.getByRole('alert')).toContainText(/Вы в 2\s\d{3} м от аудитории, а можно не дальше \d+ м/);
  await expect(teacher.getByTestId('checkin-attempts')).toContainText('Далеко от аудитории');
  await expect(counts).toContainText('1');

  // The teacher stops the check-in.
  await teacher.getByRole('button', { name: 'Остановить' }).click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'Остановить' }).click();
  await expect(teacher.getByText('Отметка остановлена.')).toBeVisible();
});

test("the portal's own scanner reads the projected code from the phone's camera", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const { teacher, place } = await projector(browser);
  // A phone whose camera films the projector: Chromium's fake camera plays a video of the code.
  const video = path.join(os.tmpdir(), `okuu-qr-${testInfo.workerIndex}-${Date.now()}.y4m`);
  await writeFile(video, qrVideo('placeholder'));
  const phone = await chromium.launch({
    ...testInfo.project.use.launchOptions,
    args: [
      ...(testInfo.project.use.launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await phone.newContext({
      baseURL: testInfo.project.use.baseURL,
      locale: 'ru-RU',
      geolocation: { latitude: place.latitude, longitude: place.longitude, accuracy: 15 },
      permissions: ['geolocation', 'camera'],
    });
    const page = await context.newPage();
    await signIn(page, 'student1');
    await page.goto('/lms/public/checkin');
    // The code on the screen now, filmed.
    const token = await teacher.getByRole('img', { name: /QR/ }).getAttribute('data-token');
    await writeFile(video, qrVideo(`${testInfo.project.use.baseURL}/lms/public/checkin?t=${token}`));
    await page.getByRole('button', { name: 'Сканировать QR-код' }).click();
    await expect(page).toHaveURL(/\/lms\/public\/checkin\?k=/, { timeout: 15_000 });
    // student1 checked in with the link in the first test: a harmless repeat.
    await expect(page.getByRole('status')).toContainText(/Вы (уже )?отмечены/);
  } finally {
    await phone.close();
  }
});
