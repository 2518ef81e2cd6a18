import { describe, expect, it } from 'vitest';
import { BLANK_ID, choose, dropMissing, withBlank } from './selection';

describe('dropdown selection', () => {
  it("puts the blank ' --- ' entry with id -1 first", () => {
    expect(withBlank([{ value: '3', label: 'Базы данных' }])).toEqual([
      { value: '-1', label: ' --- ' },
      { value: '3', label: 'Базы данных' },
    ]);
    expect(withBlank([])).toEqual([{ value: '-1', label: ' --- ' }]);
  });

  it('choosing a discipline resets the teacher and the subgroup', () => {
    const state = { semester: 1, discipline: 2, teacher: 7, subgroup: 4, examination: 1 };
    expect(choose(state, 'discipline', 5)).toEqual({
      semester: 1,
      discipline: 5,
      teacher: -1,
      subgroup: -1,
      examination: 1,
    });
  });

  it('choosing a teacher resets the subgroup only', () => {
    const state = { discipline: 2, teacher: 7, subgroup: 4 };
    expect(choose(state, 'teacher', 9)).toEqual({ discipline: 2, teacher: 9, subgroup: -1 });
  });

  it('choosing another field, or the same value again, resets nothing', () => {
    const state = { semester: 1, discipline: 2, teacher: 7 };
    expect(choose(state, 'semester', 3)).toEqual({ semester: 3, discipline: 2, teacher: 7 });
    expect(choose(state, 'discipline', 2)).toEqual(state);
  });

  it('leaves absent dependent fields out (the UMK filters have no subgroup)', () => {
    expect(choose({ discipline: 2, teacher: 7 }, 'discipline', BLANK_ID)).toEqual({ discipline: -1, teacher: -1 });
  });

  it('a base category resets the subcategory', () => {
    expect(choose({ baseCategory: 1, category: 2 }, 'baseCategory', 3)).toEqual({ baseCategory: 3, category: -1 });
  });

  it('drops a choice its loaded list no longer offers, with the rules applied; lists not loaded keep theirs', () => {
    const state = { semester: 2, discipline: 5, teacher: 7, examination: 1 };
    expect(dropMissing(state, { discipline: [1, 2], teacher: [7], examination: undefined })).toEqual({
      semester: 2,
      discipline: -1,
      teacher: -1,
      examination: 1,
    });
    expect(dropMissing(state, { discipline: [5], teacher: [7, 8] })).toBe(state);
  });
});
