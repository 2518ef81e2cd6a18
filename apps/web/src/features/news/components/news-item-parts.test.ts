import { describe, expect, it } from 'vitest';
import { attachmentsOf, splitAuthor } from './news-item-parts';

describe('news item parts', () => {
  it("splits the author field 'Name | Position-or-group' at the bar", () => {
    expect(splitAuthor('Волков Дмитрий Олегович | Доцент')).toEqual({
      name: 'Волков Дмитрий Олегович',
      title: 'Доцент',
    });
    expect(splitAuthor('Асанова Айгерим | ПИ-1-26')).toEqual({ name: 'Асанова Айгерим', title: 'ПИ-1-26' });
    expect(splitAuthor('Сотрудник Деканата')).toEqual({ name: 'Сотрудник Деканата', title: null });
    expect(splitAuthor('Имя | ')).toEqual({ name: 'Имя', title: null });
    expect(splitAuthor('Имя | Зав. кафедрой | ИТ')).toEqual({ name: 'Имя', title: 'Зав. кафедрой | ИТ' });
  });

  it("pairs the ';!;'-joined names with their download addresses and sizes", () => {
    const item = {
      id_eventMessage: 6,
      fileName: 'Памятка пользователя.txt;!;Контакты деканатов.txt',
      attachments: [
        { name: 'Памятка пользователя.txt', size: 120, url: '/api/news/download.file?filename=6_a&type=4' },
        { name: 'Контакты деканатов.txt', size: 30, url: '/api/news/download.file?filename=6_b&type=4' },
      ],
    };
    expect(attachmentsOf(item)).toEqual([
      { name: 'Памятка пользователя.txt', size: 120, url: '/api/news/download.file?filename=6_a&type=4' },
      { name: 'Контакты деканатов.txt', size: 30, url: '/api/news/download.file?filename=6_b&type=4' },
    ]);
  });

  it('builds the spec download address when only the joined names are known', () => {
    expect(attachmentsOf({ id_eventMessage: 12, fileName: 'План работы.pdf', attachments: [] })).toEqual([
      {
        name: 'План работы.pdf',
        size: null,
        url: `/api/news/download.file?filename=${encodeURIComponent('12_План работы.pdf')}&type=4`,
      },
    ]);
    expect(attachmentsOf({ id_eventMessage: 12, fileName: '', attachments: [] })).toEqual([]);
  });
});
