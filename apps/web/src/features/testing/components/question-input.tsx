import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Table.css';
import { Checkbox, NativeSelect, Radio, Stack, Table, TextInput } from '@mantine/core';
import type { AnswerResponse, AttemptQuestion } from '@okuu/contracts/testing/taking';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long after the last key a typed answer is sent (well inside the 2 s a save may take). */
export const TYPING_DELAY_MS = 700;

interface Props {
  question: AttemptQuestion;
  /** The element naming the question (its number and text), for the group's label. */
  labelledBy: string;
  value: AnswerResponse | undefined;
  onChange: (response: AnswerResponse, delayMs?: number) => void;
  disabled?: boolean;
}

/** The answer field of a question, by its kind: a choice, choices, a short text, a number, or a matching. */
export function QuestionInput({ question, labelledBy, value, onChange, disabled }: Props) {
  const { t } = useTranslation('testing');
  switch (question.kind) {
    case 'single':
      return (
        <Radio.Group
          value={typeof value === 'number' ? String(value) : null}
          onChange={(v) => onChange(Number(v))}
          aria-labelledby={labelledBy}
        >
          <Stack gap="xs" mt={4}>
            {question.options.map((o) => (
              <Radio key={o.key} value={String(o.key)} label={o.text} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Checkbox.Group
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(v) => onChange(v.map(Number))}
          aria-labelledby={labelledBy}
          description={t('take.several')}
        >
          <Stack gap="xs" mt={4}>
            {question.options.map((o) => (
              <Checkbox key={o.key} value={String(o.key)} label={o.text} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'text':
      return (
        <TextInput
          aria-labelledby={labelledBy}
          placeholder={t('take.textPlaceholder')}
          maxLength={1000}
          defaultValue={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value, TYPING_DELAY_MS)}
          disabled={disabled}
          maw={480}
        />
      );
    case 'number':
      return <NumberAnswer labelledBy={labelledBy} value={value} onChange={onChange} disabled={disabled} />;
    case 'matching': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <Table withRowBorders={false} verticalSpacing={4} aria-labelledby={labelledBy} layout="fixed">
          <Table.Tbody>
            {question.left.map((row) => {
              const selectId = `match-${question.id}-${row.key}`;
              return (
                <Table.Tr key={row.key}>
                  <Table.Td style={{ verticalAlign: 'middle' }}>
                    <label htmlFor={selectId}>{row.text}</label>
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      id={selectId}
                      disabled={disabled}
                      value={String(chosen[row.key] ?? -1)}
                      data={[
                        { value: '-1', label: t('take.matchNone') },
                        ...question.right.map((r) => ({ value: String(r.key), label: r.text })),
                      ]}
                      onChange={(e) => {
                        const next = question.left.map((_, i) => chosen[i] ?? -1);
                        next[row.key] = Number(e.currentTarget.value);
                        onChange(next);
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      );
    }
  }
}

/** A number as typed (a comma or a point), sent once it reads as a number. */
function NumberAnswer({ labelledBy, value, onChange, disabled }: Omit<Props, 'question'>) {
  const { t } = useTranslation('testing');
  const [text, setText] = useState(() => (typeof value === 'number' ? String(value).replace('.', ',') : ''));
  const parsed = Number(text.trim().replace(',', '.').replace(/\s/g, ''));
  const invalid = text.trim() !== '' && !Number.isFinite(parsed);
  return (
    <TextInput
      aria-labelledby={labelledBy}
      inputMode="decimal"
      placeholder={t('take.numberPlaceholder')}
      value={text}
      error={invalid ? t('take.notNumber') : undefined}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const n = Number(next.trim().replace(',', '.').replace(/\s/g, ''));
        if (next.trim() !== '' && Number.isFinite(n)) onChange(n, TYPING_DELAY_MS);
      }}
      disabled={disabled}
      maw={240}
    />
  );
}
