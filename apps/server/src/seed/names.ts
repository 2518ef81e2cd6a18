/** Name pools for the demo university: Kyrgyz and Russian names in Cyrillic. */

export const kyrgyzMale = [
  'Айбек',
  'Бакыт',
  'Нурлан',
  'Эрлан',
  'Азамат',
  'Мирлан',
  'Тилек',
  'Улан',
  'Данияр',
  'Темирлан',
  'Элдияр',
  'Бекзат',
  'Нурсултан',
  'Адилет',
  'Чынгыз',
  'Марат',
  'Жоомарт',
  'Канат',
  'Руслан',
  'Бактыбек',
];
export const kyrgyzFemale = [
  'Айгерим',
  'Айпери',
  'Жылдыз',
  'Нургуль',
  'Асель',
  'Гульнара',
  'Бермет',
  'Айзада',
  'Мээрим',
  'Чолпон',
  'Айдана',
  'Толгонай',
  'Назира',
  'Жибек',
  'Канышай',
  'Акмаал',
  'Сезим',
  'Динара',
  'Элнура',
  'Бегимай',
];
export const kyrgyzSurnames = [
  'Асанов',
  'Жумабаев',
  'Токтогулов',
  'Исаков',
  'Мамытов',
  'Осмонов',
  'Сыдыков',
  'Абдыкеримов',
  'Турдубаев',
  'Кадыров',
  'Бейшеналиев',
  'Эсенбеков',
  'Насиров',
  'Алымбеков',
  'Чотонов',
  'Жээнбеков',
  'Керимов',
  'Усенов',
  'Бообеков',
  'Маматов',
  'Сатыбалдиев',
  'Орозбеков',
  'Токтосунов',
  'Шаршеналиев',
];
export const russianMale = [
  'Алексей',
  'Дмитрий',
  'Сергей',
  'Андрей',
  'Михаил',
  'Николай',
  'Владимир',
  'Игорь',
  'Павел',
  'Артём',
  'Евгений',
  'Константин',
];
export const russianFemale = [
  'Анна',
  'Екатерина',
  'Мария',
  'Ольга',
  'Татьяна',
  'Наталья',
  'Елена',
  'Ирина',
  'Светлана',
  'Юлия',
  'Ксения',
  'Дарья',
];
export const russianSurnames = [
  'Иванов',
  'Петров',
  'Смирнов',
  'Кузнецов',
  'Попов',
  'Соколов',
  'Лебедев',
  'Новиков',
  'Морозов',
  'Волков',
  'Фёдоров',
  'Зайцев',
];

/** Patronymic from a father's given name, in the Russian form used in Kyrgyz documents. */
export function patronymic(father: string, female: boolean): string {
  const soft = /[йь]$/u.test(father);
  const stem = father.replace(/[йь]$/u, '');
  if (female) return `${stem}${soft ? 'евна' : 'овна'}`;
  return `${stem}${soft ? 'евич' : 'ович'}`;
}

export function feminineSurname(surname: string): string {
  return surname.endsWith('ий') ? `${surname.slice(0, -2)}ая` : `${surname}а`;
}
