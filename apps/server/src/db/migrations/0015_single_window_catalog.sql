-- Reference data of the single window and the transcript, in Russian, Kyrgyz and English, which every database needs:
-- the kinds of document, the regions and districts of the Kyrgyz Republic (the 40 districts, the cities of regional
-- significance beside them, the districts of Bishkek; Osh, a city of republican significance, has no districts), the
-- purposes of a document, and the credit-technology grading scale (staff may change it). Existing rows win.
INSERT INTO "document_types" ("id", "position", "name", "name_kg", "name_en") VALUES
  (1, 0, 'Справка с места учёбы', 'Окуу жайынан маалымкат', 'Certificate of study'),
  (2, 1, 'Справка в военкомат', 'Аскер комиссариатына маалымкат', 'Certificate for the military registration office'),
  (3, 2, 'Справка в Социальный фонд', 'Социалдык фондго маалымкат', 'Certificate for the Social Fund'),
  (4, 3, 'Справка о получении стипендии', 'Стипендия алгандыгы тууралуу маалымкат', 'Certificate of scholarship'),
  (5, 4, 'Академическая справка', 'Академиялык маалымкат', 'Academic certificate'),
  (6, 5, 'Справка-вызов на сессию', 'Сессияга чакыруу маалымкаты', 'Certificate of call to the examination session'),
  (7, 6, 'Справка для получения социального пособия', 'Социалдык жөлөкпул алуу үчүн маалымкат', 'Certificate for a social benefit'),
  (8, 7, 'Справка для оформления визы', 'Виза тариздөө үчүн маалымкат', 'Certificate for a visa application')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "regions" ("id", "position", "name", "name_kg", "name_en") VALUES
  (1, 0, 'город Бишкек', 'Бишкек шаары', 'Bishkek City'),
  (2, 1, 'город Ош', 'Ош шаары', 'Osh City'),
  (3, 2, 'Баткенская область', 'Баткен облусу', 'Batken Region'),
  (4, 3, 'Джалал-Абадская область', 'Жалал-Абад облусу', 'Jalal-Abad Region'),
  (5, 4, 'Иссык-Кульская область', 'Ысык-Көл облусу', 'Issyk-Kul Region'),
  (6, 5, 'Нарынская область', 'Нарын облусу', 'Naryn Region'),
  (7, 6, 'Ошская область', 'Ош облусу', 'Osh Region'),
  (8, 7, 'Таласская область', 'Талас облусу', 'Talas Region'),
  (9, 8, 'Чуйская область', 'Чүй облусу', 'Chüy Region')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "districts" ("id", "region_id", "position", "name", "name_kg", "name_en") VALUES
  (1, 1, 0, 'Ленинский район', 'Ленин району', 'Leninsky District'),
  (2, 1, 1, 'Октябрьский район', 'Октябрь району', 'Oktyabrsky District'),
  (3, 1, 2, 'Первомайский район', 'Биринчи Май району', 'Pervomaysky District'),
  (4, 1, 3, 'Свердловский район', 'Свердлов району', 'Sverdlovsky District'),
  (5, 2, 0, 'город Ош', 'Ош шаары', 'Osh City'),
  (6, 3, 0, 'Баткенский район', 'Баткен району', 'Batken District'),
  (7, 3, 1, 'Кадамжайский район', 'Кадамжай району', 'Kadamjay District'),
  (8, 3, 2, 'Лейлекский район', 'Лейлек району', 'Leylek District'),
  (9, 3, 3, 'город Баткен', 'Баткен шаары', 'Batken (city)'),
  (10, 3, 4, 'город Кызыл-Кия', 'Кызыл-Кыя шаары', 'Kyzyl-Kiya (city)'),
  (11, 3, 5, 'город Сулюкта', 'Сүлүктү шаары', 'Sulukta (city)'),
  (12, 4, 0, 'Аксыйский район', 'Аксы району', 'Aksy District'),
  (13, 4, 1, 'Ала-Букинский район', 'Ала-Бука району', 'Ala-Buka District'),
  (14, 4, 2, 'Базар-Коргонский район', 'Базар-Коргон району', 'Bazar-Korgon District'),
  (15, 4, 3, 'Ноокенский район', 'Ноокен району', 'Nooken District'),
  (16, 4, 4, 'Сузакский район', 'Сузак району', 'Suzak District'),
  (17, 4, 5, 'Тогуз-Тороуский район', 'Тогуз-Торо району', 'Toguz-Toro District'),
  (18, 4, 6, 'Токтогульский район', 'Токтогул району', 'Toktogul District'),
  (19, 4, 7, 'Чаткальский район', 'Чаткал району', 'Chatkal District'),
  (20, 4, 8, 'город Джалал-Абад', 'Жалал-Абад шаары', 'Jalal-Abad (city)'),
  (21, 4, 9, 'город Кара-Куль', 'Кара-Көл шаары', 'Kara-Kul (city)'),
  (22, 4, 10, 'город Майлуу-Суу', 'Майлуу-Суу шаары', 'Mailuu-Suu (city)'),
  (23, 4, 11, 'город Таш-Кумыр', 'Таш-Көмүр шаары', 'Tash-Kumyr (city)'),
  (24, 5, 0, 'Ак-Суйский район', 'Ак-Суу району', 'Ak-Suu District'),
  (25, 5, 1, 'Джети-Огузский район', 'Жети-Өгүз району', 'Jeti-Oguz District'),
  (26, 5, 2, 'Иссык-Кульский район', 'Ысык-Көл району', 'Issyk-Kul District'),
  (27, 5, 3, 'Тонский район', 'Тоң району', 'Ton District'),
  (28, 5, 4, 'Тюпский район', 'Түп району', 'Tüp District'),
  (29, 5, 5, 'город Каракол', 'Каракол шаары', 'Karakol (city)'),
  (30, 5, 6, 'город Балыкчы', 'Балыкчы шаары', 'Balykchy (city)'),
  (31, 6, 0, 'Ак-Талинский район', 'Ак-Талаа району', 'Ak-Talaa District'),
  (32, 6, 1, 'Ат-Башинский район', 'Ат-Башы району', 'At-Bashy District'),
  (33, 6, 2, 'Жумгальский район', 'Жумгал району', 'Jumgal District'),
  (34, 6, 3, 'Кочкорский район', 'Кочкор району', 'Kochkor District'),
  (35, 6, 4, 'Нарынский район', 'Нарын району', 'Naryn District'),
  (36, 6, 5, 'город Нарын', 'Нарын шаары', 'Naryn (city)'),
  (37, 7, 0, 'Алайский район', 'Алай району', 'Alay District'),
  (38, 7, 1, 'Араванский район', 'Араван району', 'Aravan District'),
  (39, 7, 2, 'Кара-Кульджинский район', 'Кара-Кулжа району', 'Kara-Kulja District'),
  (40, 7, 3, 'Кара-Сууский район', 'Кара-Суу району', 'Kara-Suu District'),
  (41, 7, 4, 'Ноокатский район', 'Ноокат району', 'Nookat District'),
  (42, 7, 5, 'Узгенский район', 'Өзгөн району', 'Uzgen District'),
  (43, 7, 6, 'Чон-Алайский район', 'Чоң-Алай району', 'Chong-Alay District'),
  (44, 8, 0, 'Бакай-Атинский район', 'Бакай-Ата району', 'Bakay-Ata District'),
  (45, 8, 1, 'Кара-Бууринский район', 'Кара-Буура району', 'Kara-Buura District'),
  (46, 8, 2, 'Манасский район', 'Манас району', 'Manas District'),
  (47, 8, 3, 'Таласский район', 'Талас району', 'Talas District'),
  (48, 8, 4, 'город Талас', 'Талас шаары', 'Talas (city)'),
  (49, 9, 0, 'Аламудунский район', 'Аламүдүн району', 'Alamüdün District'),
  (50, 9, 1, 'Жайылский район', 'Жайыл району', 'Jayyl District'),
  (51, 9, 2, 'Кеминский район', 'Кемин району', 'Kemin District'),
  (52, 9, 3, 'Московский район', 'Москва району', 'Moskva District'),
  (53, 9, 4, 'Панфиловский район', 'Панфилов району', 'Panfilov District'),
  (54, 9, 5, 'Сокулукский район', 'Сокулук району', 'Sokuluk District'),
  (55, 9, 6, 'Чуйский район', 'Чүй району', 'Chüy District'),
  (56, 9, 7, 'Ыссык-Атинский район', 'Ысык-Ата району', 'Ysyk-Ata District'),
  (57, 9, 8, 'город Токмок', 'Токмок шаары', 'Tokmok (city)')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "order_purposes" ("id", "position", "name", "name_kg", "name_en") VALUES
  (1, 0, 'По месту требования', 'Талап кылынган жерге', 'To whom it may concern'),
  (2, 1, 'По месту работы', 'Иштеген жерине', 'For the place of work'),
  (3, 2, 'По месту работы родителей', 'Ата-энесинин иштеген жерине', 'For a parent''s place of work'),
  (4, 3, 'В военный комиссариат', 'Аскер комиссариатына', 'For the military commissariat'),
  (5, 4, 'В Социальный фонд', 'Социалдык фондго', 'For the Social Fund'),
  (6, 5, 'В управление социального развития', 'Социалдык өнүктүрүү башкармалыгына', 'For the social development office'),
  (7, 6, 'В посольство или консульство', 'Элчиликке же консулдукка', 'For an embassy or consulate'),
  (8, 7, 'В банк', 'Банкка', 'For a bank')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "grade_scale" ("id", "letter", "min_points", "max_points", "numeric_x100") VALUES
  (1, 'A', 95, 100, 400),
  (2, 'A-', 90, 94, 367),
  (3, 'B+', 85, 89, 333),
  (4, 'B', 80, 84, 300),
  (5, 'B-', 75, 79, 267),
  (6, 'C+', 70, 74, 233),
  (7, 'C', 65, 69, 200),
  (8, 'C-', 60, 64, 167),
  (9, 'D+', 55, 59, 133),
  (10, 'D', 50, 54, 100),
  (11, 'FX', 25, 49, 50),
  (12, 'F', 0, 24, 0)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('document_types', 'id'), (SELECT max("id") FROM "document_types"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('regions', 'id'), (SELECT max("id") FROM "regions"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('districts', 'id'), (SELECT max("id") FROM "districts"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('order_purposes', 'id'), (SELECT max("id") FROM "order_purposes"));
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('grade_scale', 'id'), (SELECT max("id") FROM "grade_scale"));
