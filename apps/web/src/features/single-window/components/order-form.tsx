import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { type FieldErrors, validate } from '../../../lib/form';
import { localizedName } from '../../../lib/localized';
import { offerPush } from '../../../lib/push-offer';
import { BLANK_ID, withBlank } from '../../../lib/selection';
import { toast } from '../../../lib/toast';
import { useFormValues } from '../../../lib/use-form-values';
import { useDistricts, useDocumentTypes, usePurposes, useRegions } from '../api/get-order-lists';
import { type OrderDraft, useSaveOrder } from '../api/save-order';

const empty: OrderDraft = { documentId: BLANK_ID, regionId: BLANK_ID, districtId: BLANK_ID, purposeId: BLANK_ID };

/**
 * A new order: the kind of document, the region and district where it is to be presented, and its purpose. All four
 * must be chosen (spec: 'select all fields'); the district list follows the region, and choosing another region
 * clears the district.
 */
export function OrderForm() {
  const { t } = useTranslation('single-window');
  const save = useSaveOrder();
  const { values, setValues, errors, setErrors, set } = useFormValues(empty);
  const documents = useDocumentTypes();
  const regions = useRegions();
  const districts = useDistricts(values.regionId);
  const purposes = usePurposes();
  const busy = save.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const chosen = (id: number) => (id === BLANK_ID ? t('form.selectRequired') : null);
    const found: FieldErrors<OrderDraft> = validate(values, {
      documentId: chosen,
      regionId: chosen,
      districtId: chosen,
      purposeId: chosen,
    });
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const name = localizedName(
      documents.data?.find((d) => d.id === values.documentId) ?? { name: '', nameKg: '', nameEn: '' },
    );
    save.mutate(values, {
      onSuccess: () => {
        toast(t('form.success', { name }));
        setValues(empty);
        setErrors({});
        // The order's progress comes later: a good moment to offer push (once per device).
        offerPush();
      },
      onError: (error) => toast(t('form.failure', { reason: errorMessage(error) }), 'error'),
    });
  }

  const options = (items: { id: number; name: string; nameKg: string; nameEn: string }[] | undefined) =>
    withBlank((items ?? []).map((item) => ({ value: String(item.id), label: localizedName(item) })));

  const missing = Object.values(errors).some(Boolean);
  const regionChosen = values.regionId !== BLANK_ID;

  return (
    <form noValidate onSubmit={submit} aria-labelledby="order-form-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="order-form-heading">
          {t('form.heading')}
        </Title>
        <QueryView queries={[documents, regions, purposes] as const}>
          {([documentList, regionList, purposeList]) => (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                label={t('form.document')}
                required
                data={options(documentList)}
                value={String(values.documentId)}
                onChange={(event) => set('documentId', Number(event.currentTarget.value))}
                error={errors.documentId}
                disabled={busy}
              />
              <NativeSelect
                label={t('form.purpose')}
                required
                data={options(purposeList)}
                value={String(values.purposeId)}
                onChange={(event) => set('purposeId', Number(event.currentTarget.value))}
                error={errors.purposeId}
                disabled={busy}
              />
              <NativeSelect
                label={t('form.region')}
                required
                data={options(regionList)}
                value={String(values.regionId)}
                onChange={(event) => {
                  const regionId = Number(event.currentTarget.value);
                  setValues((current) => ({ ...current, regionId, districtId: BLANK_ID }));
                  setErrors((current) => ({ ...current, regionId: undefined }));
                }}
                error={errors.regionId}
                disabled={busy}
              />
              <NativeSelect
                label={t('form.district')}
                description={regionChosen ? undefined : t('form.districtHint')}
                required
                data={options(regionChosen ? districts.data : [])}
                value={String(values.districtId)}
                onChange={(event) => set('districtId', Number(event.currentTarget.value))}
                error={errors.districtId}
                disabled={busy || !regionChosen}
              />
            </SimpleGrid>
          )}
        </QueryView>
        {missing && (
          <Alert color="red" variant="light" role="alert">
            {t('form.selectAll')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
