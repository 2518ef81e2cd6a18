import { describe, expect, it } from 'vitest';
import { lessonStates } from './lesson-state';
import { testWeek } from './test-week';

const monday = testWeek().days[0] as ReturnType<typeof testWeek>['days'][number];
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

describe('lesson states', () => {
  it('marks the lesson in progress and the next one, today only', () => {
    const states = lessonStates(monday, 'even', { weekday: 1, minutes: minutes('08:30') });
    expect([...states]).toEqual([
      [11, 'now'],
      [12, 'next'],
      [13, null],
    ]);
  });

  it('between lessons marks only the next one; after the last, none', () => {
    expect([...lessonStates(monday, 'even', { weekday: 1, minutes: minutes('10:55') })]).toEqual([
      [11, null],
      [12, null],
      [13, 'next'],
    ]);
    expect([...lessonStates(monday, 'even', { weekday: 1, minutes: minutes('18:00') }).values()]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('skips lessons of the other week parity, which are marked as such', () => {
    const states = lessonStates(monday, 'odd', { weekday: 1, minutes: minutes('10:55') });
    expect([...states]).toEqual([
      [11, null],
      [12, null],
      [13, 'offWeek'],
    ]);
  });

  it('marks nothing on another day than today', () => {
    const states = lessonStates(monday, 'even', { weekday: 2, minutes: minutes('08:30') });
    expect([...states.values()]).toEqual([null, null, null]);
  });
});
