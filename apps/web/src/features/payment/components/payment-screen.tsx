import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Combobox.css';
import {
  ActionIcon,
  CopyButton,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PaidService } from '@okuu/contracts/payment/payment';
import { formatPaymentCode } from '@okuu/contracts/payment/payment-code';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryView } from '../../../components/ui/query-view';
import { formatMoney } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { useBankApps } from '../api/get-bank-apps';
import { usePaymentCode } from '../api/get-payment-code';
import { useServices } from '../api/get-services';
import { parseSom, somInputText } from '../lib/money';
import { BankAppList } from './bank-app-list';
import { CardPaymentButton } from './card-payment-button';
import { PaymentHistory } from './payment-history';
import { PaymentQr } from './payment-qr';
import { PaymentResult } from './payment-result';

interface Props {
  years: readonly { id: number; name: string }[];
  defaultYear: number;
  /** The desktop layout shows the QR to scan; a phone also gets the bank apps' links. */
  desktop: boolean;
  /** Whether the portal takes card payments (config.json): without a card provider there is no card button. */
  cardPayments: boolean;
}

function CopyIcon({ copied }: { copied: boolean }) {
  return copied ? (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  ) : (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </svg>
  );
}

/** Whether the typed amount may be paid for the service; its tyiyn, or null. */
function amountOf(service: PaidService, text: string): number | null {
  if (!service.amountEditable) return service.price;
  const tyiyn = parseSom(text);
  return tyiyn !== null && tyiyn >= service.minAmount && tyiyn <= service.maxAmount ? tyiyn : null;
}

/**
 * The payment screen: a service and its amount, the payment code with a copy button, the payment QR (saveable as a
 * PNG), the bank apps on a phone, card payment after a confirmation (where the portal takes cards), and the history
 * of payments.
 */
export function PaymentScreen({ years, defaultYear, desktop, cardPayments }: Props) {
  const { t } = useTranslation('payment');
  const services = useServices();
  const [params, setParams] = useSearchParams();
  const returned = Number(params.get('payment')) || null;
  const [year, setYear] = useState(defaultYear);
  const [serviceId, setServiceId] = useState<number | null>(null);
  const [amountText, setAmountText] = useState('');
  const codeId = useId();

  const service = services.data?.find((s) => s.id === serviceId) ?? null;
  const amount = service ? amountOf(service, amountText) : null;
  // The QR follows a typed amount once typing pauses, not at every keystroke.
  const [settledText] = useDebouncedValue(amountText, 400);
  const settled = service ? amountOf(service, settledText) : null;
  const code = usePaymentCode(service && settled !== null ? { year, service: service.id, amount: settled } : null);
  const bankApps = useBankApps(!desktop);

  const choose = (id: number) => {
    const next = services.data?.find((s) => s.id === id) ?? null;
    setServiceId(next?.id ?? null);
    setAmountText(next ? somInputText(next.price) : '');
  };

  const serviceName = service ? localizedName(service) : '';
  const shown = code.data && service && code.data.service.id === service.id ? code.data : null;

  return (
    <Stack gap="lg">
      {returned !== null && (
        <PaymentResult
          paymentId={returned}
          onDismiss={() => {
            params.delete('payment');
            setParams(params, { replace: true });
          }}
        />
      )}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <QueryView query={services} loading={<Skeleton h={120} />}>
          {(list) =>
            list.length === 0 ? (
              <Text c="dimmed">{t('form.noServices')}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <NativeSelect
                  label={t('form.service')}
                  value={serviceId === null ? '' : String(serviceId)}
                  onChange={(event) => choose(Number(event.currentTarget.value))}
                  data={[
                    { value: '', label: t('form.servicePlaceholder'), disabled: true },
                    ...list.map((s) => ({ value: String(s.id), label: localizedName(s) })),
                  ]}
                />
                <NativeSelect
                  label={t('form.year')}
                  value={String(year)}
                  onChange={(event) => setYear(Number(event.currentTarget.value))}
                  data={years.map((y) => ({ value: String(y.id), label: y.name }))}
                />
                <TextInput
                  label={t('form.amount')}
                  value={service ? amountText : ''}
                  onChange={(event) => setAmountText(event.currentTarget.value)}
                  readOnly={!service?.amountEditable}
                  disabled={!service}
                  inputMode="decimal"
                  description={
                    service
                      ? service.amountEditable
                        ? t('form.amountRange', {
                            min: formatMoney(service.minAmount),
                            max: formatMoney(service.maxAmount),
                          })
                        : t('form.amountFixed')
                      : undefined
                  }
                  error={
                    service?.amountEditable && amount === null
                      ? t('form.amountRange', {
                          min: formatMoney(service.minAmount),
                          max: formatMoney(service.maxAmount),
                        })
                      : undefined
                  }
                />
              </SimpleGrid>
            )
          }
        </QueryView>
      </Paper>

      {service && amount !== null && settled !== null && (
        <QueryView query={code} loading={<Skeleton h={320} />}>
          {() =>
            !shown ? (
              <Skeleton h={320} />
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <Stack gap="lg">
                  <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
                    <Stack gap="xs">
                      <Text fw={500} id={codeId}>
                        {t('code.label')}
                      </Text>
                      <Group gap="sm" wrap="nowrap">
                        <Text
                          ff="monospace"
                          fz={{ base: 28, sm: 32 }}
                          fw={700}
                          aria-labelledby={codeId}
                          data-testid="payment-code"
                          style={{ letterSpacing: 1 }}
                        >
                          {formatPaymentCode(shown.code)}
                        </Text>
                        <CopyButton value={shown.code}>
                          {({ copied, copy }) => (
                            <Tooltip label={copied ? t('code.copied') : t('code.copy')} withArrow>
                              <ActionIcon
                                variant="light"
                                size="lg"
                                onClick={copy}
                                aria-label={t('code.copy')}
                                color={copied ? 'green' : undefined}
                              >
                                <CopyIcon copied={copied} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </CopyButton>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {t('code.hint')}
                      </Text>
                      <Text size="lg" fw={600} mt="xs">
                        {formatMoney(shown.amount)} {t('som')}
                      </Text>
                    </Stack>
                  </Paper>
                  {!desktop && bankApps.data && (
                    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
                      <Stack gap="sm">
                        <Title order={2} size="h4">
                          {t('banks.heading')}
                        </Title>
                        <BankAppList apps={bankApps.data} payload={shown.qr.payload} />
                      </Stack>
                    </Paper>
                  )}
                  {cardPayments && (
                    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
                      <Stack gap="sm" align="flex-start">
                        <Title order={2} size="h4">
                          {t('card.heading')}
                        </Title>
                        <CardPaymentButton
                          year={year}
                          serviceId={service.id}
                          serviceName={serviceName}
                          amount={amount}
                        />
                      </Stack>
                    </Paper>
                  )}
                </Stack>
                <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
                  <Stack gap="sm">
                    <Title order={2} size="h4">
                      {t('qr.heading')}
                    </Title>
                    {desktop && (
                      <Text size="sm" c="dimmed">
                        {t('qr.desktopHint')}
                      </Text>
                    )}
                    <PaymentQr
                      link={shown.qr.link}
                      code={shown.code}
                      alt={t('qr.alt', { service: serviceName, amount: formatMoney(shown.amount) })}
                    />
                  </Stack>
                </Paper>
              </SimpleGrid>
            )
          }
        </QueryView>
      )}

      <PaymentHistory />
    </Stack>
  );
}
