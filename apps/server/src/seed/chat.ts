import { createHash } from 'node:crypto';
import { chatRecipientTypes } from '@okuu/contracts/chat/message';
import type { Db } from '../db/client.ts';
import { chatAttachments, chatMessages, chatRecipients } from '../db/schema/chat.ts';
import type { Storage } from '../lib/storage.ts';

export interface DemoChatPeople {
  teacherId: number;
  /** The first two students of the demo group (student1, student2). */
  studentIds: [number, number];
  /** Every student of the demo group. */
  groupStudents: number[];
  groupId: number;
  /** The context of the messages: the current half-year and a discipline teacherId teaches the group. */
  year: number;
  ws: number;
  disciplineId: number | null;
  credits: number | null;
}

interface DemoMessage {
  hoursAgo: number;
  from: 'teacher' | 'student1' | 'student2';
  to: 'teacher' | 'student1' | 'group';
  text: string;
  /** Whether the recipients have read it. */
  read: boolean;
  files?: { name: string; content: string }[];
}

/** Oldest first: a conversation of teacher1 and student1, and two messages of the demo group's chat. */
const demoMessages: DemoMessage[] = [
  {
    hoursAgo: 30,
    from: 'student1',
    to: 'teacher',
    text: 'Здравствуйте! Подскажите, до какого числа сдавать лабораторную работу №2?',
    read: true,
  },
  {
    hoursAgo: 29,
    from: 'teacher',
    to: 'student1',
    text: 'Здравствуйте! До пятницы. Отчёт можно прислать здесь.',
    read: true,
  },
  {
    hoursAgo: 5,
    from: 'student1',
    to: 'teacher',
    text: 'Спасибо! Отправляю отчёт.',
    read: false,
    files: [{ name: 'Отчёт ЛР2.txt', content: 'Лабораторная работа №2\nЦель: ...\nВыводы: ...\n' }],
  },
  {
    hoursAgo: 3,
    from: 'teacher',
    to: 'group',
    text: 'Уважаемые студенты! Консультация перед экзаменом в среду в 14:00, ауд. 305.',
    read: false,
  },
  { hoursAgo: 2, from: 'student2', to: 'group', text: 'Спасибо, будем!', read: false },
  { hoursAgo: 1, from: 'teacher', to: 'student1', text: 'Получил, проверю до конца недели.', read: false },
];

/** Adds the demo chat messages (and their files). Deterministic for a given `now`. Returns how many. */
export async function seedChat(db: Db, storage: Storage, people: DemoChatPeople, now: Date): Promise<number> {
  const [student1, student2] = people.studentIds;
  const idOf = { teacher: people.teacherId, student1, student2 };
  for (const m of demoMessages) {
    const senderId = idOf[m.from];
    const toGroup = m.to === 'group';
    const recipientId = m.to === 'group' ? people.groupId : idOf[m.to];
    const recipients = toGroup
      ? [...people.groupStudents, ...(m.from === 'teacher' ? [] : [people.teacherId])].filter((id) => id !== senderId)
      : [recipientId];
    const createdAt = new Date(now.getTime() - m.hoursAgo * 3600_000);
    const [row] = await db
      .insert(chatMessages)
      .values({
        senderId,
        senderType: m.from === 'teacher' ? 1 : 2,
        recipientType: toGroup
          ? chatRecipientTypes.group
          : m.to === 'teacher'
            ? chatRecipientTypes.teacher
            : chatRecipientTypes.student,
        recipientId,
        pairLow: toGroup ? null : Math.min(senderId, recipientId),
        pairHigh: toGroup ? null : Math.max(senderId, recipientId),
        text: m.text,
        academicYear: people.year,
        halfYearKind: people.ws,
        disciplineId: people.disciplineId,
        credits: people.credits,
        groupId: people.groupId,
        createdAt,
      })
      .returning({ id: chatMessages.id });
    const id = (row as { id: number }).id;
    await db
      .insert(chatRecipients)
      .values(recipients.map((userId) => ({ messageId: id, userId, readAt: m.read ? createdAt : null })));
    for (const [position, file] of (m.files ?? []).entries()) {
      const storageKey = `chat/${id}/${createHash('sha256').update(`${id}/${file.name}`).digest('hex').slice(0, 32)}`;
      const size = await storage.put(storageKey, Buffer.from(file.content, 'utf8'));
      await db
        .insert(chatAttachments)
        .values({ messageId: id, position, kind: 'file', name: file.name, size, storageKey });
    }
  }
  return demoMessages.length;
}
