import { enticate } from '@okuu/contracts/auth/enticate';
import { sheetPdf, sheetXlsx, teacherSheet } from '@okuu/contracts/grading/sheets';
import { registry } from '@okuu/contracts/registry';
import { scheduleStudent, scheduleTeacher } from '@okuu/contracts/schedule/schedule';
import { personBlock, personMove, personNewsPerms, personResetCredentials } from '@okuu/contracts/staff/people';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerName, callers, databaseDigest, sessionFor, signInAll } from './callers.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { formBody, storageDigest } from './multipart.ts';

/**
 * Every endpoint of the registry, called by each of six callers. A caller whose role the endpoint's access level
 * excludes gets 401 (no session) or 403 and no data, whatever it sends; and nothing is stored (rows or files).
 * Multipart endpoints get the same inputs as form fields, with a file.
 * The registry is split in `parts` (one file each, so that the test workers share it); this is part `part`.
 */
export function authorizationMatrix(part: number, parts: number): void {
  let t: TestApp;
  let cookies: Record<CallerName, string | undefined>;
  const userIds: Partial<Record<CallerName, number>> = {};
  /** An account no caller uses: the staff calls that change a person change this one, not a caller's. */
  let bystander = 0;
  beforeAll(async () => {
    t = await createTestApp();
    cookies = await signInAll(t);
    for (const caller of Object.keys(callers) as CallerName[]) {
      if (cookies[caller])
        userIds[caller] = (await t.call(enticate, {}, { cookie: cookies[caller] })).body.data.user.id;
    }
    bystander = (await t.call(enticate, {}, { cookie: await t.sessionOf('student3') })).body.data.user.id;
  });
  afterAll(() => t.close());

  const inputs: Record<string, unknown>[] = [{}, { id: 1, uid: 1, role: 1 }, { id: -1, page: 1, token: 'x' }];

  /** Calls whose `id` is the caller's own user id (the spec's schedule calls): another's is refused with 403 by design. */
  const ownIdCalls: readonly string[] = [scheduleTeacher.id, scheduleStudent.id];
  /**
   * Calls on a record that only the teachers assigned to it (and, for its documents, staff) may use (a grading sheet):
   * given `id` 1, another teacher's or a student's call is refused with 403 forbidden by design, after the role let
   * them in.
   */
  const assignedRecordCalls: readonly string[] = [teacherSheet.id, sheetPdf.id, sheetXlsx.id];
  /** Staff calls that block, reset or change the person `id`: given the bystander's id, so the callers keep theirs. */
  const personCalls: readonly string[] = [personBlock.id, personResetCredentials.id, personNewsPerms.id, personMove.id];

  describe.each(
    registry.filter((_e, i) => i % parts === part).map((e) => [`${e.method} ${e.path} (${e.access})`, e] as const),
  )('%s', (_name, endpoint) => {
    for (const caller of Object.keys(callers) as CallerName[]) {
      const allowed = (callers[caller].may as string[]).includes(endpoint.access);
      it(`${allowed ? 'lets in' : 'keeps out'} ${caller}`, async () => {
        const before = allowed ? '' : `${await databaseDigest(t)}\n${await storageDigest(t)}`;
        for (const given of inputs) {
          const input =
            allowed && ownIdCalls.includes(endpoint.id) && given.id === 1
              ? { ...given, id: userIds[caller] }
              : personCalls.includes(endpoint.id) && given.id === 1
                ? { ...given, id: bystander }
                : given;
          // Some endpoints end the caller's session (logout); each call starts with a live one.
          const login = callers[caller].login;
          if (login && cookies[caller] && (await t.call(enticate, {}, { cookie: cookies[caller] })).status !== 200) {
            cookies[caller] = await sessionFor(t, caller);
          }
          const res = await t.app.inject({
            method: endpoint.method,
            url: endpoint.path,
            ...(endpoint.method === 'GET'
              ? { query: input as Record<string, string> }
              : endpoint.requestKind === 'multipart'
                ? { payload: formBody(input, [{ name: 'note.txt', content: 'x' }]) }
                : { payload: input }),
            headers: cookies[caller] ? { cookie: cookies[caller] } : {},
          });
          if (allowed) {
            // Allowed callers may still get 400/404 for these inputs, but never a refusal by role, never a 5xx.
            // (A public endpoint may answer 401 about the credentials it was given.)
            expect(res.statusCode, res.body).toBeLessThan(500);
            const notAssigned = assignedRecordCalls.includes(endpoint.id) && res.statusCode === 403;
            if (notAssigned) expect(res.json().error.code).toBe('forbidden');
            else if (endpoint.access !== 'public') expect([401, 403]).not.toContain(res.statusCode);
          } else {
            expect(res.statusCode).toBe(caller === 'anonymous' ? 401 : 403);
            const body = res.json();
            expect(body.data).toBeNull();
            expect(body.error.code).toBe(caller === 'anonymous' ? 'unauthenticated' : 'forbidden');
          }
        }
        if (!allowed) expect(`${await databaseDigest(t)}\n${await storageDigest(t)}`).toBe(before);
      });
    }
  });
}
