-- The library's categories and the kinds of study material, in Russian, Kyrgyz and English: reference data the
-- library and study-materials screens need on every database (there is no screen to edit them). Existing rows win.
INSERT INTO "library_base_categories" ("id", "position", "name", "name_kg", "name_en") VALUES
  (1, 0, 'Естественные науки', 'Табигый илимдер', 'Natural sciences'),
  (2, 1, 'Технические науки', 'Техникалык илимдер', 'Engineering and technology'),
  (3, 2, 'Гуманитарные науки', 'Гуманитардык илимдер', 'Humanities'),
  (4, 3, 'Общественные и экономические науки', 'Коомдук жана экономикалык илимдер', 'Social sciences and economics'),
  (5, 4, 'Учебно-методические материалы', 'Окуу-методикалык материалдар', 'Teaching materials')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "library_categories" ("id", "base_category_id", "position", "name", "name_kg", "name_en") VALUES
  (1, 1, 0, 'Математика', 'Математика', 'Mathematics'),
  (2, 1, 1, 'Физика', 'Физика', 'Physics'),
  (3, 1, 2, 'Химия', 'Химия', 'Chemistry'),
  (4, 1, 3, 'Биология', 'Биология', 'Biology'),
  (5, 2, 0, 'Информатика и программирование', 'Информатика жана программалоо', 'Computer science and programming'),
  (6, 2, 1, 'Электроника', 'Электроника', 'Electronics'),
  (7, 2, 2, 'Строительство', 'Курулуш', 'Construction'),
  (8, 3, 0, 'История', 'Тарых', 'History'),
  (9, 3, 1, 'Философия', 'Философия', 'Philosophy'),
  (10, 3, 2, 'Языкознание', 'Тил илими', 'Linguistics'),
  (11, 3, 3, 'Литература', 'Адабият', 'Literature'),
  (12, 4, 0, 'Экономика', 'Экономика', 'Economics'),
  (13, 4, 1, 'Право', 'Укук', 'Law'),
  (14, 4, 2, 'Менеджмент', 'Менеджмент', 'Management'),
  (15, 5, 0, 'Учебники и пособия', 'Окуу китептери жана куралдар', 'Textbooks and study guides'),
  (16, 5, 1, 'Методические указания', 'Методикалык көрсөтмөлөр', 'Guidelines'),
  (17, 5, 2, 'Конспекты лекций', 'Лекциялардын конспекттери', 'Lecture notes')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "umk_types" ("id", "position", "name", "name_kg", "name_en") VALUES
  (1, 0, 'Учебник', 'Окуу китеби', 'Textbook'),
  (2, 1, 'Учебное пособие', 'Окуу куралы', 'Study guide'),
  (3, 2, 'Конспект лекций', 'Лекциялардын конспекти', 'Lecture notes'),
  (4, 3, 'Методические указания', 'Методикалык көрсөтмөлөр', 'Methodological guidelines'),
  (5, 4, 'Лабораторный практикум', 'Лабораториялык практикум', 'Laboratory manual'),
  (6, 5, 'Силлабус', 'Силлабус', 'Syllabus'),
  (7, 6, 'Тестовые задания', 'Тест тапшырмалары', 'Test items'),
  (8, 7, 'Презентация', 'Презентация', 'Presentation')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('library_base_categories', 'id'), (SELECT max("id") FROM "library_base_categories"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('library_categories', 'id'), (SELECT max("id") FROM "library_categories"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('umk_types', 'id'), (SELECT max("id") FROM "umk_types"));
