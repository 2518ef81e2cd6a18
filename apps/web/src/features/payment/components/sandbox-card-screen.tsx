import '../catalogue';
import '@mantine/core/styles/Code.css';
import { Alert, Badge, Button, Center, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  cardNumberInput,
  cardNumberMaxDigits,
  confirmationCodeInput,
  cvcInput,
  expiryInput,
  sandboxCards,
  sandboxConfirmationCode,
} from '@okuu/contracts/payment/sandbox';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { QueryView } from '../../../components/ui/query-view';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { useSandboxCheckout, useSandboxConfirm, useSandboxPay } from '../api/sandbox';

/** How long the page shows 'paid' before it sends the payer back. */
const RETURN_DELAY_MS = 1500;

const groupsOf4 = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The sandbox provider's hosted card page (test mode): the order, a card form with the test cards listed, a
 * confirmation-code step for the card that asks for one; when done it sends the payer back to the portal. The form
 * checks its fields by the contract's own rules (what the server applies), and says what each one expects.
 */
export function SandboxCardScreen({ session }: { session: string }) {
  const { t } = useTranslation('payment');
  const checkout = useSandboxCheckout(session);
  const pay = useSandboxPay(session);
  const confirm = useSandboxConfirm(session);
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [codeSent, setCodeSent] = useState(false);
  const order = checkout.data;

  useEffect(() => {
    if (order?.status !== 'paid') return;
    const timer = setTimeout(() => window.location.assign(order.returnUrl), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [order]);

  const submitCard = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!cardNumberInput.safeParse(card.cardNumber).success) found.cardNumber = t('sandbox.invalidCard');
    if (!expiryInput.safeParse(card.expiry).success) found.expiry = t('sandbox.invalidExpiry');
    if (!cvcInput.safeParse(card.cvc).success) found.cvc = t('sandbox.invalidCvc');
    setErrors(found);
    if (Object.keys(found).length === 0) pay.mutate(card);
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmationCodeInput.safeParse(code).success) {
      setErrors({ code: t('sandbox.invalidCode') });
      return;
    }
    setErrors({});
    setCodeSent(true);
    confirm.mutate(code, { onSuccess: () => setCode('') });
  };

  const back = order && (
    <Button component="a" href={order.returnUrl} variant={order.status === 'paid' ? 'light' : 'filled'}>
      {t('sandbox.back')}
    </Button>
  );

  return (
    <Center mih="100dvh" p="md">
      <PageTitle page={t('sandbox.title')} />
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Title order={1} size="h3">
              {t('sandbox.title')}
            </Title>
            <Badge color="orange" variant="dot">
              {t('sandbox.badge')}
            </Badge>
          </Group>
          {checkout.error instanceof ApiError && checkout.error.status === 404 ? (
            <Alert color="red" role="alert">
              {t('sandbox.notFound')}
            </Alert>
          ) : (
            <QueryView query={checkout}>
              {(order) => (
                <>
                  <Stack gap={2}>
                    <Text size="sm" c="dimmed">
                      {t('sandbox.merchant')}: {order.merchant} · {t('sandbox.order', { id: order.orderId })}
                    </Text>
                    <Text>{localizedName(order.description)}</Text>
                    <Text size="sm" c="dimmed" mt="xs">
                      {t('sandbox.amount')}
                    </Text>
                    <Text fz={28} fw={700} data-testid="sandbox-amount">
                      {formatMoney(order.amount)} {t('som')}
                    </Text>
                  </Stack>

                  {order.status === 'open' && (
                    <form onSubmit={submitCard} noValidate>
                      <Stack gap="sm">
                        <TextInput
                          label={t('sandbox.cardNumber')}
                          value={card.cardNumber}
                          onChange={(e) =>
                            setCard({
                              ...card,
                              cardNumber: groupsOf4(
                                e.currentTarget.value.replace(/\D/g, '').slice(0, cardNumberMaxDigits),
                              ),
                            })
                          }
                          inputMode="numeric"
                          autoComplete="cc-number"
                          placeholder="0000 0000 0000 0000"
                          error={errors.cardNumber}
                        />
                        <Group grow align="flex-start">
                          <TextInput
                            label={t('sandbox.expiry')}
                            value={card.expiry}
                            onChange={(e) => setCard({ ...card, expiry: e.currentTarget.value.slice(0, 7) })}
                            inputMode="numeric"
                            autoComplete="cc-exp"
                            placeholder="12/30"
                            error={errors.expiry}
                          />
                          <TextInput
                            label={t('sandbox.cvc')}
                            value={card.cvc}
                            onChange={(e) =>
                              setCard({ ...card, cvc: e.currentTarget.value.replace(/\D/g, '').slice(0, 3) })
                            }
                            inputMode="numeric"
                            autoComplete="cc-csc"
                            placeholder="123"
                            error={errors.cvc}
                          />
                        </Group>
                        {pay.isError && (
                          <Alert color="red" role="alert">
                            {errorMessage(pay.error)}
                          </Alert>
                        )}
                        <Button type="submit" loading={pay.isPending} size="md">
                          {t('sandbox.pay', { amount: formatMoney(order.amount) })}
                        </Button>
                      </Stack>
                    </form>
                  )}

                  {order.status === 'code_required' && (
                    <form onSubmit={submitCode} noValidate>
                      <Stack gap="sm">
                        <Title order={2} size="h4">
                          {t('sandbox.codeHeading')}
                        </Title>
                        <TextInput
                          label={t('sandbox.code')}
                          value={code}
                          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 8))}
                          inputMode="numeric"
                          autoComplete="one-time-code"
                          error={
                            errors.code ??
                            (codeSent && !confirm.isPending && order.attemptsLeft < 3
                              ? t('sandbox.wrongCode', { count: order.attemptsLeft })
                              : undefined)
                          }
                        />
                        {confirm.isError && (
                          <Alert color="red" role="alert">
                            {errorMessage(confirm.error)}
                          </Alert>
                        )}
                        <Button type="submit" loading={confirm.isPending}>
                          {t('sandbox.confirm')}
                        </Button>
                      </Stack>
                    </form>
                  )}

                  {order.status === 'paid' && (
                    <Alert color="green" role="status">
                      {t('sandbox.paid')}
                    </Alert>
                  )}
                  {order.status === 'declined' && (
                    <Alert color="red" role="alert">
                      {t('sandbox.declined')}
                    </Alert>
                  )}
                  {order.status === 'expired' && (
                    <Alert color="gray" role="alert">
                      {t('sandbox.expired')}
                    </Alert>
                  )}
                  {order.status !== 'open' && order.status !== 'code_required' && back}

                  {(order.status === 'open' || order.status === 'code_required') && (
                    <Stack gap={4}>
                      <Text size="xs" c="dimmed">
                        {t('sandbox.testCards')}
                      </Text>
                      <Text size="xs">
                        <Code>{groupsOf4(sandboxCards.succeeds)}</Code> — {t('sandbox.cardSucceeds')}
                      </Text>
                      <Text size="xs">
                        <Code>{groupsOf4(sandboxCards.declined)}</Code> — {t('sandbox.cardDeclined')}
                      </Text>
                      <Text size="xs">
                        <Code>{groupsOf4(sandboxCards.asksCode)}</Code> —{' '}
                        {t('sandbox.cardAsksCode', { code: sandboxConfirmationCode })}
                      </Text>
                    </Stack>
                  )}
                </>
              )}
            </QueryView>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
