-- People's reference values move from free text to the named tables of 0007: each distinct text becomes a row (the
-- known ones with their Kyrgyz and English names; any other keeps '' there and reads in Russian until named), and the
-- people point at the rows. The demo university's name and its streams get their Kyrgyz and English names too.
-- A fresh database has no rows yet: then this does nothing, and the seed writes the named values itself.

INSERT INTO "positions" ("name", "name_kg", "name_en")
SELECT DISTINCT tp."position", coalesce(k.kg, ''), coalesce(k.en, '')
FROM "teacher_profiles" tp
LEFT JOIN (VALUES
  ('Преподаватель', 'Окутуучу', 'Lecturer'),
  ('Старший преподаватель', 'Улук окутуучу', 'Senior lecturer'),
  ('Доцент', 'Доцент', 'Associate professor'),
  ('Профессор', 'Профессор', 'Professor'),
  ('Заведующий кафедрой', 'Кафедра башчысы', 'Head of department')
) AS k(ru, kg, en) ON k.ru = tp."position";
--> statement-breakpoint
UPDATE "teacher_profiles" tp SET "position_id" = p."id" FROM "positions" p WHERE p."name" = tp."position";
--> statement-breakpoint
INSERT INTO "countries" ("name", "name_kg", "name_en")
SELECT DISTINCT u."citizenship", coalesce(k.kg, ''), coalesce(k.en, '')
FROM "users" u
LEFT JOIN (VALUES
  ('Кыргызская Республика', 'Кыргыз Республикасы', 'Kyrgyz Republic'),
  ('Республика Казахстан', 'Казакстан Республикасы', 'Republic of Kazakhstan'),
  ('Российская Федерация', 'Россия Федерациясы', 'Russian Federation'),
  ('Республика Узбекистан', 'Өзбекстан Республикасы', 'Republic of Uzbekistan'),
  ('Республика Таджикистан', 'Тажикстан Республикасы', 'Republic of Tajikistan')
) AS k(ru, kg, en) ON k.ru = u."citizenship"
WHERE u."citizenship" IS NOT NULL;
--> statement-breakpoint
UPDATE "users" u SET "citizenship_id" = c."id" FROM "countries" c WHERE c."name" = u."citizenship";
--> statement-breakpoint
INSERT INTO "education_levels" ("name", "name_kg", "name_en")
SELECT DISTINCT u."education", coalesce(k.kg, ''), coalesce(k.en, '')
FROM "users" u
LEFT JOIN (VALUES
  ('Высшее', 'Жогорку', 'Higher'),
  ('Неполное высшее', 'Толук эмес жогорку', 'Incomplete higher'),
  ('Среднее специальное', 'Орто кесиптик', 'Vocational secondary'),
  ('Среднее общее', 'Орто жалпы', 'General secondary')
) AS k(ru, kg, en) ON k.ru = u."education"
WHERE u."education" IS NOT NULL;
--> statement-breakpoint
UPDATE "users" u SET "education_id" = e."id" FROM "education_levels" e WHERE e."name" = u."education";
--> statement-breakpoint
-- A nationality has a masculine and a feminine form in Russian: both name one row.
INSERT INTO "nationalities" ("name", "name_female", "name_kg", "name_en")
SELECT k.ru, k.ru_female, k.kg, k.en
FROM (VALUES
  ('кыргыз', 'кыргызка', 'кыргыз', 'Kyrgyz'),
  ('русский', 'русская', 'орус', 'Russian'),
  ('узбек', 'узбечка', 'өзбек', 'Uzbek'),
  ('казах', 'казашка', 'казак', 'Kazakh'),
  ('дунганин', 'дунганка', 'дунган', 'Dungan'),
  ('уйгур', 'уйгурка', 'уйгур', 'Uyghur'),
  ('таджик', 'таджичка', 'тажик', 'Tajik'),
  ('татарин', 'татарка', 'татар', 'Tatar'),
  ('украинец', 'украинка', 'украин', 'Ukrainian')
) AS k(ru, ru_female, kg, en)
WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."nationality" IN (k.ru, k.ru_female));
--> statement-breakpoint
INSERT INTO "nationalities" ("name", "name_kg", "name_en")
SELECT DISTINCT u."nationality", '', ''
FROM "users" u
WHERE u."nationality" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "nationalities" n WHERE u."nationality" IN (n."name", n."name_female"));
--> statement-breakpoint
UPDATE "users" u SET "nationality_id" = n."id"
FROM "nationalities" n
WHERE u."nationality" IN (n."name", n."name_female");
--> statement-breakpoint
UPDATE "settings"
SET "value" = "value" || '{"nameKg": "Окуу университети", "nameEn": "Okuu University"}'::jsonb
WHERE "key" = 'branding' AND "value"->>'name' = 'Университет Окуу' AND NOT "value" ? 'nameKg';
--> statement-breakpoint
UPDATE "streams"
SET "name_kg" = substr("name", 7) || ' агымы', "name_en" = 'Stream ' || substr("name", 7)
WHERE "name" LIKE 'Поток %' AND "name_kg" = '' AND "name_en" = '';
