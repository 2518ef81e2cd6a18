import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';

export interface AttendanceBar {
  discipline: string;
  attended: number;
  missed: number;
}

/** Lessons attended and missed per discipline, as stacked bars (its own chunk: recharts loads only here). */
export default function AttendanceChart({ data }: { data: AttendanceBar[] }) {
  const { t } = useTranslation('journal');
  return (
    <BarChart
      h={Math.max(160, data.length * 44)}
      data={data}
      dataKey="discipline"
      orientation="vertical"
      type="stacked"
      yAxisProps={{ width: 160 }}
      withLegend
      series={[
        { name: 'attended', label: t('student.attended'), color: 'teal.6' },
        { name: 'missed', label: t('student.missed'), color: 'red.6' },
      ]}
    />
  );
}
