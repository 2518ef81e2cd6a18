import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { Alert, Button, Checkbox, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import type { OpenQuestionnaire } from '@okuu/contracts/questionnaire/answer';
import type { SurveyQuestion } from '@okuu/contracts/questionnaire/manage';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useAnswerQuestionnaire, useOpenQuestionnaires } from '../api/questionnaire';

type Target = OpenQuestionnaire['targets'][number];
type Value = number | number[] | string;

/** The questionnaires open for the student: each target answered once, anonymously. */
export function StudentQuestionnaires() {
  const { t } = useTranslation('questionnaire');
  const open = useOpenQuestionnaires();
  return (
    <Stack gap="lg">
      <Alert color="blue" variant="light" title={t('anonymity.heading')}>
        <Text size="sm">{t('anonymity.text')}</Text>
      </Alert>
      <QueryView query={open}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('student.none')}</Text>
          ) : (
            <Stack gap="lg">
              {list.map((q) => (
                <Paper key={q.id} withBorder p="md" component="section" aria-labelledby={`q-${q.id}`}>
                  <Title order={2} size="h4" id={`q-${q.id}`}>
                    {q.title}
                  </Title>
                  {q.description && (
                    <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                      {q.description}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed" mt={4}>
                    {t('student.closes', { when: formatDateTime(q.closesAt) })}
                  </Text>
                  <Stack gap="sm" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {q.targets.map((target) => (
                      <TargetItem key={`${target.id_teacher}-${target.id_discipline}`} q={q} target={target} />
                    ))}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}

function targetName(target: Target, t: (key: 'student.aboutAll') => string) {
  return target.id_teacher === 0 ? t('student.aboutAll') : `${target.teacher} · ${localizedName(target.discipline)}`;
}

function TargetItem({ q, target }: { q: OpenQuestionnaire; target: Target }) {
  const { t } = useTranslation('questionnaire');
  const [answering, setAnswering] = useState(false);
  const name = targetName(target, t);
  return (
    <Paper withBorder p="sm" component="li" data-testid="survey-target">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{name}</Text>
        {target.answered ? (
          <StatusBadge color="green">{t('student.answered')}</StatusBadge>
        ) : (
          !answering && (
            <Button size="xs" onClick={() => setAnswering(true)} aria-label={t('student.answerAbout', { name })}>
              {t('student.answer')}
            </Button>
          )
        )}
      </Group>
      {answering && !target.answered && (
        <SurveyForm q={q} target={target} name={name} onDone={() => setAnswering(false)} />
      )}
    </Paper>
  );
}

function SurveyForm({
  q,
  target,
  name,
  onDone,
}: {
  q: OpenQuestionnaire;
  target: Target;
  name: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('questionnaire');
  const [values, setValues] = useState<Record<number, Value>>({});
  const answer = useAnswerQuestionnaire();
  const set = (id: number, value: Value) => setValues((v) => ({ ...v, [id]: value }));
  const given = (v: Value | undefined) =>
    v !== undefined && !(typeof v === 'string' && v.trim() === '') && !(Array.isArray(v) && v.length === 0);
  return (
    <form
      aria-label={t('student.formOf', { name })}
      onSubmit={(e) => {
        e.preventDefault();
        answer.mutate(
          {
            id: q.id,
            id_teacher: target.id_teacher,
            id_discipline: target.id_discipline,
            answers: q.questions
              .filter((x) => given(values[x.id]))
              .map((x) => ({ id_question: x.id, value: values[x.id] as Value })),
          },
          {
            onSuccess: () => {
              toast(t('student.thanks'));
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap="md" mt="sm">
        {q.questions.map((question, i) => (
          <SurveyField
            key={question.id}
            question={question}
            number={i + 1}
            value={values[question.id]}
            onChange={(v) => set(question.id, v)}
          />
        ))}
        {answer.isError && (
          <Alert color="red" role="alert">
            {errorMessage(answer.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={answer.isPending}>
            {t('student.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SurveyField({
  question,
  number,
  value,
  onChange,
}: {
  question: SurveyQuestion;
  number: number;
  value: Value | undefined;
  onChange: (value: Value) => void;
}) {
  const { t } = useTranslation('questionnaire');
  const label = `${formatNumber(number)}. ${question.text}`;
  switch (question.kind) {
    case 'scale':
      return (
        <Radio.Group
          label={label}
          description={t('student.scaleHint')}
          value={typeof value === 'number' ? String(value) : null}
          onChange={(v) => onChange(Number(v))}
        >
          <Group gap="md" mt={4}>
            {[1, 2, 3, 4, 5].map((n) => (
              <Radio key={n} value={String(n)} label={formatNumber(n)} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'single':
      return (
        <Radio.Group
          label={label}
          value={typeof value === 'number' ? String(value) : null}
          onChange={(v) => onChange(Number(v))}
        >
          <Stack gap={6} mt={4}>
            {question.options.map((o, i) => (
              <Radio key={o} value={String(i)} label={o} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple':
      return (
        <Checkbox.Group
          label={label}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(v) => onChange(v.map(Number))}
        >
          <Stack gap={6} mt={4}>
            {question.options.map((o, i) => (
              <Checkbox key={o} value={String(i)} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'text':
      return (
        <Textarea
          label={label}
          autosize
          minRows={2}
          maxLength={2000}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
