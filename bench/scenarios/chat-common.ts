import { chatContacts } from '@okuu/contracts/chat/contacts';
import { chatInsert } from '@okuu/contracts/chat/insert';
import { signInAll } from '../lib/api.ts';
import { assertLocal } from '../lib/load.ts';

/** Helpers of the chat scenarios (chat-page, chat-send, chat-ws-latency): everything through the public API. */

interface Envelope<T> {
  result: number;
  error: { code: string; message: string } | null;
  data: T;
}

export async function postJson<T>(baseUrl: string, path: string, token: string, body: unknown): Promise<T> {
  const url = new URL(path, baseUrl).toString();
  assertLocal(url);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `token=${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (res.status !== 200) throw new Error(`${path} answered HTTP ${res.status}: ${envelope.error?.message ?? ''}`);
  return envelope.data;
}

/** Sends a text message through chat/insert.json (multipart, as the web app does). */
export async function sendMessage(baseUrl: string, token: string, toId: number, text: string): Promise<number> {
  const url = new URL(chatInsert.path, baseUrl).toString();
  assertLocal(url);
  const form = new FormData();
  form.append('id_to', String(toId));
  form.append('text', text);
  const res = await fetch(url, {
    method: 'POST',
    headers: { cookie: `token=${token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  const envelope = (await res.json()) as Envelope<{ id_message: number }>;
  if (res.status !== 200) throw new Error(`${chatInsert.path} answered HTTP ${res.status}: ${envelope.error?.message}`);
  return envelope.data.id_message;
}

/** Runs `task` over `items`, `concurrency` at a time. */
export async function eachLimited<T>(items: T[], concurrency: number, task: (item: T, i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await task(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export interface ChatStudent {
  login: string;
  token: string;
  userId: number;
  /** One of the student's teachers (from chat/contacts.json). */
  teacherId: number;
}

/** Signs the students in and finds a teacher of each; students without one are left out. */
export async function studentsWithTeachers(
  baseUrl: string,
  logins: string[],
  password: string,
): Promise<ChatStudent[]> {
  const tokens = await signInAll(baseUrl, logins, password);
  const found: (ChatStudent | null)[] = new Array(logins.length).fill(null);
  await eachLimited(logins, 8, async (login, i) => {
    const token = tokens[i] as string;
    const data = await postJson<{ contacts: { idid: number; id_type: number }[] }>(
      baseUrl,
      chatContacts.path,
      token,
      {},
    );
    const me = await postJson<{ user: { id: number } }>(baseUrl, '/api/auth/enticate.json', token, {});
    const teachers = data.contacts.filter((c) => c.idid > 0 && c.id_type === 1);
    // Spread over the student's teachers, so that conversations do not all go to one teacher.
    const teacher = teachers[i % Math.max(1, teachers.length)];
    if (teacher) found[i] = { login, token, userId: me.user.id, teacherId: teacher.idid };
  });
  return found.filter((s): s is ChatStudent => s !== null);
}

/** A multipart body with one text field per name, for autocannon (which sends bodies as they are). */
export function multipartBody(fields: Record<string, string>, boundary: string): string {
  return `${Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('')}--${boundary}--\r\n`;
}
