import '@mantine/core/styles/Table.css';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type ServiceRow, serviceDelete, serviceSave } from '@okuu/contracts/settings/services';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/ui/delete-button';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { issueMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { useServices, useSettingsChange } from '../api/settings';
import type { FieldErrors } from '../lib/check';
import { Empty } from './empty';
import { type FieldSpec, type FormValues, SettingsForm } from './settings-form';

/** Tyiyn as a number field's text in som ('1234.5'). */
const somField = (tyiyn: number) => String(tyiyn / 100);
/** A number field's som in tyiyn; empty stays absent (the contract then says it is required). */
const tyiyn = (v: string | boolean | undefined) =>
  v === '' || v === undefined ? undefined : Math.round(Number(v) * 100);

const formOf = (s: ServiceRow | null): FormValues => ({
  id: String(s?.id ?? -1),
  name: s?.name ?? '',
  nameKg: s?.nameKg ?? '',
  nameEn: s?.nameEn ?? '',
  amount: s ? somField(s.price) : '',
  amountEditable: s?.amountEditable ?? false,
  minAmount: s ? somField(s.minAmount) : '',
  maxAmount: s ? somField(s.maxAmount) : '',
  active: s?.active ?? true,
  sortOrder: String(s?.sortOrder ?? 0),
});

/** The paid services students see on the payment screen: names, prices, bounds, whether listed. */
export function ServicesSection() {
  const { t } = useTranslation('staff-settings');
  const query = useServices();
  const deleteService = useSettingsChange(serviceDelete);
  const [editing, setEditing] = useState<FormValues | null>(null);
  const editable = editing?.amountEditable === true;

  const fields: FieldSpec[] = [
    { name: 'name', label: t('services.name'), kind: 'text', required: true },
    { name: 'nameKg', label: t('services.nameKg'), kind: 'text', required: true },
    { name: 'nameEn', label: t('services.nameEn'), kind: 'text', required: true },
    { name: 'amount', label: t('services.price'), kind: 'number', step: '0.01', required: true },
    { name: 'amountEditable', label: t('services.amountEditable'), kind: 'check' },
    { name: 'active', label: t('services.active'), kind: 'check' },
    { name: 'minAmount', label: t('services.minAmount'), kind: 'number', step: '0.01', disabled: !editable },
    { name: 'maxAmount', label: t('services.maxAmount'), kind: 'number', step: '0.01', disabled: !editable },
    { name: 'sortOrder', label: t('services.sortOrder'), kind: 'number' },
  ];

  return (
    <QueryView query={query}>
      {(services) => (
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('services.heading')}
            </Title>
            <Button onClick={() => setEditing(formOf(null))}>{t('services.add')}</Button>
          </Group>
          {services.length === 0 ? (
            <Empty>{t('services.empty')}</Empty>
          ) : (
            <ScrollTable minWidth={640} label={t('services.heading')}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('services.sortOrder')}</Table.Th>
                    <Table.Th>{t('services.column')}</Table.Th>
                    <Table.Th>{t('services.price')}</Table.Th>
                    <Table.Th>
                      {t('services.minAmount')} – {t('services.maxAmount')}
                    </Table.Th>
                    <Table.Th>{t('services.status')}</Table.Th>
                    <Table.Th>{t('common.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {services.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>{s.sortOrder}</Table.Td>
                      <Table.Td>{localizedName(s)}</Table.Td>
                      <Table.Td>{formatMoney(s.price)}</Table.Td>
                      <Table.Td>
                        {s.amountEditable
                          ? t('services.range', { min: formatMoney(s.minAmount), max: formatMoney(s.maxAmount) })
                          : '—'}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={s.active ? undefined : 'dimmed'} fw={s.active ? 600 : 400}>
                          {s.active ? t('services.on') : t('services.off')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="compact-sm" variant="default" onClick={() => setEditing(formOf(s))}>
                            {t('common.edit')}
                          </Button>
                          <DeleteButton
                            ns="staff-settings"
                            label={t('services.deleteService', { name: localizedName(s) })}
                            onDelete={() => deleteService.mutateAsync({ id: s.id })}
                          />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
          <SettingsForm
            title={t('services.edit')}
            opened={editing !== null}
            onClose={() => setEditing(null)}
            fields={fields}
            initial={editing ?? {}}
            onChange={(v) => setEditing(v)}
            endpoint={serviceSave}
            toInput={(v) => ({
              id: v.id,
              name: v.name,
              nameKg: v.nameKg,
              nameEn: v.nameEn,
              amount: tyiyn(v.amount),
              amountEditable: v.amountEditable === true,
              ...(v.amountEditable === true ? { minAmount: tyiyn(v.minAmount), maxAmount: tyiyn(v.maxAmount) } : {}),
              active: v.active === true,
              sortOrder: v.sortOrder === '' ? undefined : v.sortOrder,
            })}
            precheck={(v) => {
              // The bounds in som, as the form shows them (the contract would name them in tyiyn).
              const price = tyiyn(v.amount);
              const errors: FieldErrors = {};
              if (v.amountEditable !== true || price === undefined || Number.isNaN(price)) return errors;
              const min = tyiyn(v.minAmount);
              const max = tyiyn(v.maxAmount);
              if (min !== undefined && min > price) {
                errors.minAmount = issueMessage(
                  { path: ['minAmount'], rule: 'too_big', params: { max: formatMoney(price) } },
                  t('services.minAmount'),
                );
              }
              if (max !== undefined && max < price) {
                errors.maxAmount = issueMessage(
                  { path: ['maxAmount'], rule: 'too_small', params: { min: formatMoney(price) } },
                  t('services.maxAmount'),
                );
              }
              return errors;
            }}
          />
        </Stack>
      )}
    </QueryView>
  );
}
