import type { Access } from '@okuu/contracts/endpoint';
import { roles } from '@okuu/contracts/endpoint';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { AuthUser, SessionResolver } from '../lib/session.ts';

export const tokenCookie = 'token';

/** The session token a request carries: the `token` cookie, else an `Authorization: Bearer` header. */
export function requestToken(request: FastifyRequest): string | undefined {
  const cookie = request.cookies[tokenCookie];
  if (cookie) return cookie;
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return undefined;
}

/** Decides, before any input is read, whether the caller may use an endpoint of this access level. */
export async function authorize(
  auth: SessionResolver,
  request: FastifyRequest,
  access: Access,
): Promise<AuthUser | null> {
  const token = requestToken(request);
  const user = token ? await auth.resolveToken(token) : null;
  if (access === 'public') return user;
  if (!user) throw new AppError('unauthenticated', 'Sign in to continue.');
  const allowed =
    access === 'authenticated' ||
    (access === 'teacher' && user.role === roles.teacher) ||
    (access === 'student' && user.role === roles.student) ||
    (access === 'staff' && user.role === roles.staff) ||
    (access === 'newsPerms' && user.newsPerms);
  if (!allowed) throw new AppError('forbidden', 'You do not have access to this.');
  return user;
}

/** Whether a cookie set in reply to this request is marked Secure (COOKIE_SECURE; 'auto' follows the request). */
export function cookieIsSecure(request: FastifyRequest, secure: 'auto' | 'true' | 'false'): boolean {
  return secure === 'auto' ? request.protocol === 'https' : secure === 'true';
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeMs: number,
  secure: 'auto' | 'true' | 'false',
) {
  reply.setCookie(tokenCookie, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: cookieIsSecure(request, secure),
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(tokenCookie, { path: '/' });
}
