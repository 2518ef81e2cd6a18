/** The fixed structure of the demo university: faculties, departments, specialities and their disciplines. */

type Names = { name: string; nameKg: string; nameEn: string };

export interface FacultySeed extends Names {
  shortName: string;
  departments: (Names & { specialities: (Names & { code: string; short: string })[]; disciplines: Names[] })[];
}

export const faculties: FacultySeed[] = [
  {
    name: 'Факультет информационных технологий',
    nameKg: 'Маалыматтык технологиялар факультети',
    nameEn: 'Faculty of Information Technology',
    shortName: 'ФИТ',
    departments: [
      {
        name: 'Кафедра программной инженерии',
        nameKg: 'Программалык инженерия кафедрасы',
        nameEn: 'Department of Software Engineering',
        specialities: [
          {
            code: '590100',
            short: 'ПИ',
            name: 'Программная инженерия',
            nameKg: 'Программалык инженерия',
            nameEn: 'Software Engineering',
          },
          {
            code: '710400',
            short: 'ИС',
            name: 'Информационные системы',
            nameKg: 'Маалыматтык системалар',
            nameEn: 'Information Systems',
          },
        ],
        disciplines: [
          { name: 'Программирование', nameKg: 'Программалоо', nameEn: 'Programming' },
          { name: 'Базы данных', nameKg: 'Маалымат базалары', nameEn: 'Databases' },
          {
            name: 'Алгоритмы и структуры данных',
            nameKg: 'Алгоритмдер жана маалымат түзүмдөрү',
            nameEn: 'Algorithms and Data Structures',
          },
          { name: 'Веб-разработка', nameKg: 'Веб-иштеп чыгуу', nameEn: 'Web Development' },
          { name: 'Операционные системы', nameKg: 'Операциялык системалар', nameEn: 'Operating Systems' },
        ],
      },
      {
        name: 'Кафедра прикладной математики',
        nameKg: 'Колдонмо математика кафедрасы',
        nameEn: 'Department of Applied Mathematics',
        specialities: [
          {
            code: '510200',
            short: 'ПМ',
            name: 'Прикладная математика и информатика',
            nameKg: 'Колдонмо математика жана информатика',
            nameEn: 'Applied Mathematics and Informatics',
          },
          {
            code: '710100',
            short: 'ИВТ',
            name: 'Информатика и вычислительная техника',
            nameKg: 'Информатика жана эсептөө техникасы',
            nameEn: 'Computer Science and Engineering',
          },
        ],
        disciplines: [
          { name: 'Математический анализ', nameKg: 'Математикалык анализ', nameEn: 'Calculus' },
          { name: 'Линейная алгебра', nameKg: 'Сызыктуу алгебра', nameEn: 'Linear Algebra' },
          { name: 'Дискретная математика', nameKg: 'Дискреттик математика', nameEn: 'Discrete Mathematics' },
          { name: 'Теория вероятностей', nameKg: 'Ыктымалдуулуктар теориясы', nameEn: 'Probability Theory' },
        ],
      },
    ],
  },
  {
    name: 'Экономический факультет',
    nameKg: 'Экономика факультети',
    nameEn: 'Faculty of Economics',
    shortName: 'ЭФ',
    departments: [
      {
        name: 'Кафедра экономики и менеджмента',
        nameKg: 'Экономика жана менеджмент кафедрасы',
        nameEn: 'Department of Economics and Management',
        specialities: [
          { code: '580100', short: 'ЭК', name: 'Экономика', nameKg: 'Экономика', nameEn: 'Economics' },
          { code: '580200', short: 'МН', name: 'Менеджмент', nameKg: 'Менеджмент', nameEn: 'Management' },
        ],
        disciplines: [
          { name: 'Микроэкономика', nameKg: 'Микроэкономика', nameEn: 'Microeconomics' },
          { name: 'Макроэкономика', nameKg: 'Макроэкономика', nameEn: 'Macroeconomics' },
          { name: 'Основы менеджмента', nameKg: 'Менеджменттин негиздери', nameEn: 'Principles of Management' },
          { name: 'Маркетинг', nameKg: 'Маркетинг', nameEn: 'Marketing' },
        ],
      },
      {
        name: 'Кафедра финансов и учёта',
        nameKg: 'Финансы жана эсеп кафедрасы',
        nameEn: 'Department of Finance and Accounting',
        specialities: [
          {
            code: '580300',
            short: 'ФК',
            name: 'Финансы и кредит',
            nameKg: 'Финансы жана кредит',
            nameEn: 'Finance and Credit',
          },
          {
            code: '580400',
            short: 'БУ',
            name: 'Бухгалтерский учёт и аудит',
            nameKg: 'Бухгалтердик эсеп жана аудит',
            nameEn: 'Accounting and Audit',
          },
        ],
        disciplines: [
          { name: 'Финансы', nameKg: 'Финансы', nameEn: 'Finance' },
          { name: 'Бухгалтерский учёт', nameKg: 'Бухгалтердик эсеп', nameEn: 'Accounting' },
          { name: 'Налоги и налогообложение', nameKg: 'Салыктар жана салык салуу', nameEn: 'Taxation' },
          { name: 'Статистика', nameKg: 'Статистика', nameEn: 'Statistics' },
        ],
      },
    ],
  },
  {
    name: 'Гуманитарный факультет',
    nameKg: 'Гуманитардык факультет',
    nameEn: 'Faculty of Humanities',
    shortName: 'ГФ',
    departments: [
      {
        name: 'Кафедра кыргызского языка и литературы',
        nameKg: 'Кыргыз тили жана адабияты кафедрасы',
        nameEn: 'Department of Kyrgyz Language and Literature',
        specialities: [
          {
            code: '520100',
            short: 'КФ',
            name: 'Кыргызская филология',
            nameKg: 'Кыргыз филологиясы',
            nameEn: 'Kyrgyz Philology',
          },
          { code: '530100', short: 'ЖР', name: 'Журналистика', nameKg: 'Журналистика', nameEn: 'Journalism' },
        ],
        disciplines: [
          { name: 'Кыргызский язык', nameKg: 'Кыргыз тили', nameEn: 'Kyrgyz Language' },
          { name: 'Кыргызская литература', nameKg: 'Кыргыз адабияты', nameEn: 'Kyrgyz Literature' },
          { name: 'Манасоведение', nameKg: 'Манас таануу', nameEn: 'Manas Studies' },
          { name: 'Основы журналистики', nameKg: 'Журналистиканын негиздери', nameEn: 'Foundations of Journalism' },
        ],
      },
      {
        name: 'Кафедра истории и иностранных языков',
        nameKg: 'Тарых жана чет тилдер кафедрасы',
        nameEn: 'Department of History and Foreign Languages',
        specialities: [
          { code: '520200', short: 'ИСТ', name: 'История', nameKg: 'Тарых', nameEn: 'History' },
          { code: '520300', short: 'ЛН', name: 'Лингвистика', nameKg: 'Лингвистика', nameEn: 'Linguistics' },
        ],
        disciplines: [
          { name: 'История Кыргызстана', nameKg: 'Кыргызстандын тарыхы', nameEn: 'History of Kyrgyzstan' },
          { name: 'Английский язык', nameKg: 'Англис тили', nameEn: 'English' },
          { name: 'Русский язык', nameKg: 'Орус тили', nameEn: 'Russian Language' },
          { name: 'Философия', nameKg: 'Философия', nameEn: 'Philosophy' },
        ],
      },
    ],
  },
];

export const examinationTypes = [
  { name: 'Экзамен', nameKg: 'Экзамен', nameEn: 'Exam' },
  { name: 'Зачёт', nameKg: 'Сынак', nameEn: 'Pass/fail test' },
  { name: 'Дифференцированный зачёт', nameKg: 'Баалуу сынак', nameEn: 'Graded test' },
  { name: 'Курсовая работа', nameKg: 'Курстук иш', nameEn: 'Coursework' },
];

export const lessonKinds = [
  { name: 'Лекция', nameKg: 'Лекция', nameEn: 'Lecture' },
  { name: 'Практика', nameKg: 'Практика', nameEn: 'Practice' },
  { name: 'Лабораторная', nameKg: 'Лабораториялык', nameEn: 'Laboratory' },
];

/** Teachers' positions; teacher1 is a 'Доцент' (the third). */
export const positions = [
  { name: 'Преподаватель', nameKg: 'Окутуучу', nameEn: 'Lecturer' },
  { name: 'Старший преподаватель', nameKg: 'Улук окутуучу', nameEn: 'Senior lecturer' },
  { name: 'Доцент', nameKg: 'Доцент', nameEn: 'Associate professor' },
  { name: 'Профессор', nameKg: 'Профессор', nameEn: 'Professor' },
  { name: 'Заведующий кафедрой', nameKg: 'Кафедра башчысы', nameEn: 'Head of department' },
];

/** Nationalities of the demo people: Kyrgyz (the first) and Russian. Russian has a feminine form. */
export const nationalities = [
  { name: 'кыргыз', nameFemale: 'кыргызка', nameKg: 'кыргыз', nameEn: 'Kyrgyz' },
  { name: 'русский', nameFemale: 'русская', nameKg: 'орус', nameEn: 'Russian' },
];

/** Countries, for citizenship: everyone of the demo is a citizen of the first. */
export const countries = [{ name: 'Кыргызская Республика', nameKg: 'Кыргыз Республикасы', nameEn: 'Kyrgyz Republic' }];

/** Levels of education: teachers' and staff's (the first), students' (the second). */
export const educationLevels = [
  { name: 'Высшее', nameKg: 'Жогорку', nameEn: 'Higher' },
  { name: 'Среднее общее', nameKg: 'Орто жалпы', nameEn: 'General secondary' },
];
