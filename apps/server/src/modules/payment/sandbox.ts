import { randomBytes, randomUUID } from 'node:crypto';
import {
  type SandboxCheckout,
  sandboxCards,
  sandboxCodeAttempts,
  sandboxConfirmationCode,
} from '@okuu/contracts/payment/sandbox';
import { AppError } from '../../lib/app-error.ts';
import { validationError } from '../../lib/validation.ts';
import type { PaymentRepository, SandboxOrderRow } from './payment.repository.ts';
import { type CallbackEvent, type CardProvider, signCallback, verifyCallback } from './provider.ts';

/**
 * The sandbox card provider, the portal's stand-in for a bank's acquiring: its orders, its hosted card page
 * (/lms/sandbox/pay/<session>, whose calls these are) with test cards, and its signed notifications, which it sends
 * to the portal's callback as a provider's server would.
 */

export const sandboxPagePath = (session: string) => `/lms/sandbox/pay/${session}`;

/**
 * The adapter the portal uses when PAYMENT_PROVIDER is 'sandbox' (or in the embedded demo). Its card page stays open
 * for `ttlMs`, as long as the portal keeps the payment pending.
 */
export function createSandboxProvider(deps: {
  repo: PaymentRepository;
  secret: string;
  ttlMs: number;
  now: () => Date;
}): CardProvider {
  return {
    name: 'sandbox',
    test: true,
    async createCheckout(order) {
      const session = randomBytes(24).toString('base64url');
      await deps.repo.createSandboxOrder({
        id: session,
        orderId: order.orderId,
        amount: order.amount,
        description: order.description,
        returnUrl: order.returnUrl,
        expiresAt: new Date(deps.now().getTime() + deps.ttlMs),
      });
      return { providerRef: session, redirectUrl: sandboxPagePath(session) };
    },
    checkoutUrl: sandboxPagePath,
    readCallback: (body) => verifyCallback(deps.secret, body),
  };
}

export interface SandboxDeps {
  repo: PaymentRepository;
  secret: string;
  merchant: string;
  now: () => Date;
  /** Sends a signed notification to the portal's callback (server to server); answers its HTTP status. */
  deliver: (body: { data: string; signature: string }) => Promise<number>;
  onDeliveryFailure: (status: number, event: CallbackEvent) => void;
  enabled: boolean;
}

/** The sandbox's side: what its hosted card page calls. */
export function createSandboxService(deps: SandboxDeps) {
  const notFound = () => new AppError('not_found', 'There is no such sandbox order.');

  function view(order: SandboxOrderRow): SandboxCheckout {
    return {
      status: order.status,
      merchant: deps.merchant,
      amount: order.amount,
      currency: 'KGS',
      description: order.description,
      orderId: order.orderId,
      returnUrl: order.returnUrl,
      attemptsLeft: Math.max(0, sandboxCodeAttempts - order.codeAttempts),
    };
  }

  async function load(session: string): Promise<SandboxOrderRow> {
    if (!deps.enabled) throw notFound();
    const order = await deps.repo.sandboxOrder(session);
    if (!order) throw notFound();
    if ((order.status === 'open' || order.status === 'code_required') && order.expiresAt < deps.now()) {
      await deps.repo.updateSandboxOrder(order.id, order.status, { status: 'expired' });
      return { ...order, status: 'expired' };
    }
    return order;
  }

  async function notify(order: SandboxOrderRow, outcome: { paid: true } | { paid: false; reason: string }) {
    const event: CallbackEvent = {
      eventId: randomUUID(),
      type: outcome.paid ? 'payment.succeeded' : 'payment.failed',
      orderId: order.orderId,
      providerRef: order.id,
      amount: order.amount,
      currency: 'KGS',
      ...(outcome.paid ? {} : { reason: outcome.reason }),
      occurredAt: deps.now().toISOString(),
    };
    const status = await deps.deliver(signCallback(deps.secret, event));
    if (status < 200 || status >= 300) deps.onDeliveryFailure(status, event);
  }

  /** Moves the order on; a second submit that lost the race gets 409. */
  async function move(order: SandboxOrderRow, patch: Partial<Pick<SandboxOrderRow, 'status' | 'codeAttempts'>>) {
    if (!(await deps.repo.updateSandboxOrder(order.id, order.status, patch))) {
      throw new AppError('conflict', 'This order has changed meanwhile. Reload the page.');
    }
    return { ...order, ...patch };
  }

  function expiryPassed(expiry: string): boolean {
    const [month, year] = expiry.split('/').map(Number) as [number, number];
    const now = deps.now();
    const endOfMonth = Date.UTC(2000 + year, month, 1);
    return endOfMonth <= now.getTime();
  }

  return {
    async checkout(session: string): Promise<SandboxCheckout> {
      return view(await load(session));
    },

    async pay(input: { session: string; cardNumber: string; expiry: string; cvc: string }): Promise<SandboxCheckout> {
      const order = await load(input.session);
      if (order.status !== 'open') throw new AppError('conflict', 'This order is no longer open for payment.');
      if (expiryPassed(input.expiry)) throw validationError([{ path: ['expiry'], rule: 'card_expired' }]);
      if (input.cardNumber === sandboxCards.asksCode) return view(await move(order, { status: 'code_required' }));
      if (input.cardNumber === sandboxCards.succeeds) {
        const paid = await move(order, { status: 'paid' });
        await notify(paid, { paid: true });
        return view(paid);
      }
      const declined = await move(order, { status: 'declined' });
      await notify(declined, { paid: false, reason: 'declined' });
      return view(declined);
    },

    async confirm(input: { session: string; code: string }): Promise<SandboxCheckout> {
      const order = await load(input.session);
      if (order.status !== 'code_required') throw new AppError('conflict', 'No confirmation code is awaited.');
      if (input.code === sandboxConfirmationCode) {
        const paid = await move(order, { status: 'paid' });
        await notify(paid, { paid: true });
        return view(paid);
      }
      const attempts = order.codeAttempts + 1;
      if (attempts < sandboxCodeAttempts) return view(await move(order, { codeAttempts: attempts }));
      const declined = await move(order, { status: 'declined', codeAttempts: attempts });
      await notify(declined, { paid: false, reason: 'wrong_code' });
      return view(declined);
    },
  };
}

export type SandboxService = ReturnType<typeof createSandboxService>;
