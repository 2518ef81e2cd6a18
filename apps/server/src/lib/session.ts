import { hash as digest } from 'node:crypto';
import type { NamedRecord } from '@okuu/contracts/fields';

/** The user as every authenticated request sees it. */
export interface AuthUser {
  id: number;
  role: number;
  login: string;
  fullName: string;
  newsPerms: boolean;
  groupId: number | null;
  groupName: string | null;
  /** A teacher's position, named in the three languages. */
  position: NamedRecord | null;
  facultyId: number | null;
  /** Whether the user has a photo (misc/photo). */
  hasPhoto: boolean;
  sessionId: number;
  sessionExpiresAt: Date;
}

/** What the request plumbing needs of the sessions: who holds a token (null when nobody does). */
export interface SessionResolver {
  resolveToken(token: string): Promise<AuthUser | null>;
}

/** A token's SHA-256 in hex: its key in the session cache and in revocations (the database keeps the bytes). */
export function hashToken(token: string): string {
  return digest('sha256', token);
}

/** The `sessions` announcement of a change to a user's sessions or account (blocked, moved, credentials reset). */
export const userSessions = (userId: number) => `u:${userId}`;
