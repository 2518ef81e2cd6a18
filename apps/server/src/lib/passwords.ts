import argon2 from 'argon2';

/** argon2id with the OWASP minimum parameters (19 MiB, 2 iterations, 1 lane). */
const options = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Verifying against this keeps the time of a sign-in with an unknown login like that of a wrong password. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-password-of-anyone');
  return dummyHash;
}

/**
 * Issued passwords of bulk imports (random, ~58 bits, to be changed at first sign-in): argon2id with 1 MiB and one
 * pass, some 80 times cheaper than the options above, so ten thousand hash in seconds on two cores. The parameters
 * stay in the hash string, so verifyPassword works unchanged; the owner's own password gets the full options.
 */
const issuedOptions = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export function hashIssuedPassword(password: string): Promise<string> {
  return argon2.hash(password, issuedOptions);
}
