-- The journal's assessment scale (getassessments) is reference data every installation needs, demo or not:
-- marks 5 to 2 with their points, '+' present (no grade: neither points nor average), 'н/б' absent (0 points).
INSERT INTO "journal_assessments" ("id", "code", "points", "is_absence", "sort_order") VALUES
  (1, '5', 5, false, 1),
  (2, '4', 4, false, 2),
  (3, '3', 3, false, 3),
  (4, '2', 2, false, 4),
  (5, '+', NULL, false, 5),
  (6, 'н/б', 0, true, 6);
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('journal_assessments', 'id'), 7, false);
