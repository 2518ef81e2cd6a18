import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { Endpoint, RequestOf } from '@okuu/contracts/endpoint';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, DateTimeField, TimeField } from '../../../components/ui/date-fields';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSettingsChange } from '../api/settings';
import { checkInput, type FieldErrors, serverFieldErrors } from '../lib/check';

/** One field of a settings form; `name` is the API's field name, so both checks' errors land on it. */
export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'number' | 'date' | 'time' | 'datetime' | 'select' | 'check';
  options?: { value: string; label: string }[];
  required?: boolean;
  step?: string;
  disabled?: boolean;
  hint?: string;
}

export type FormValues = Record<string, string | boolean>;

/** Dates and times in fields that follow the interface language (a browser's own would write mm/dd/yyyy and PM). */
const dateFields = { date: DateField, time: TimeField, datetime: DateTimeField } as const;

interface Props<E extends Endpoint> {
  title: string;
  opened: boolean;
  onClose: () => void;
  fields: FieldSpec[];
  initial: FormValues;
  endpoint: E;
  /** The form's values as the endpoint's input. */
  toInput: (values: FormValues) => Record<string, unknown>;
  /** Told of every edit (a form whose fields depend on its values). */
  onChange?: (values: FormValues) => void;
  /** Checks of the form's own values before the contract's (where the form shows other units than the API). */
  precheck?: (values: FormValues) => FieldErrors;
}

/**
 * A dialog editing one record of a settings section: native inputs (keyboard and screen readers as usual), checked
 * against the endpoint's contract before sending and by the server after; each refused field says why.
 */
export function SettingsForm<E extends Endpoint>(props: Props<E>) {
  const { t } = useTranslation('staff-settings');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Mounted while open: each opening starts from its record's values, with no error from before. */}
      {props.opened && <FormBody {...props} />}
    </Modal>
  );
}

function FormBody<E extends Endpoint>({ onClose, fields, initial, endpoint, toInput, onChange, precheck }: Props<E>) {
  const { t } = useTranslation('staff-settings');
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSettingsChange(endpoint);
  // Refusals name the fields as this form labels them.
  const labels = Object.fromEntries(fields.map((f) => [f.name, f.label]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = toInput(values);
    const own = precheck?.(values) ?? {};
    const found = { ...checkInput(endpoint, input, labels), ...own };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(input as RequestOf<E>, {
      onSuccess: () => {
        toast(t('common.saved'));
        onClose();
      },
      onError: (error) => setErrors(serverFieldErrors(error, labels)),
    });
  };
  const set = (name: string, value: string | boolean) => {
    const next = { ...values, [name]: value };
    setValues(next);
    onChange?.(next);
  };
  const unplaced = Object.keys(errors).filter((f) => !fields.some((s) => s.name === f));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {fields.map((f, i) => {
            const common = {
              name: f.name,
              label: f.label,
              error: errors[f.name],
              disabled: f.disabled,
              'data-autofocus': i === 0 || undefined,
            };
            if (f.kind === 'check') {
              return (
                <Switch
                  key={f.name}
                  {...common}
                  data-autofocus={undefined}
                  checked={values[f.name] === true}
                  onChange={(e) => set(f.name, e.currentTarget.checked)}
                  mt="md"
                />
              );
            }
            const value = String(values[f.name] ?? '');
            if (f.kind === 'select') {
              return (
                <NativeSelect
                  key={f.name}
                  {...common}
                  required={f.required}
                  value={value}
                  onChange={(e) => set(f.name, e.currentTarget.value)}
                  data={f.options ?? []}
                />
              );
            }
            if (f.kind === 'text' || f.kind === 'number') {
              return (
                <TextInput
                  key={f.name}
                  {...common}
                  description={f.hint}
                  type={f.kind}
                  step={f.step}
                  required={f.required}
                  value={value}
                  onChange={(e) => set(f.name, e.currentTarget.value)}
                />
              );
            }
            const DateKind = dateFields[f.kind];
            return (
              <DateKind
                key={f.name}
                {...common}
                description={f.hint}
                required={f.required}
                value={value}
                onChange={(next) => set(f.name, next)}
              />
            );
          })}
        </SimpleGrid>
        {unplaced.length > 0 && (
          <Alert color="red" role="alert">
            {unplaced.map((f) => errors[f]).join(' ')}
          </Alert>
        )}
        {save.isError && Object.keys(serverFieldErrors(save.error, labels)).length === 0 && (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
