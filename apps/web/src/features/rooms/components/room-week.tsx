import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RoomWeekItem } from '@okuu/contracts/rooms/rooms';
import { addDays, mondayOf } from '@okuu/contracts/schedule/weeks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { formatDate, formatDayMonth } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { useRoomWeek } from '../api/get-room-week';
import { StaffCancelDialog } from './booking-dialogs';
import { roomLabel, slotParams } from './labels';

function ItemText({ item }: { item: RoomWeekItem }) {
  const { t } = useTranslation('rooms');
  if (item.kind === 'lesson') {
    return (
      <>
        <Text size="sm" fw={600}>
          {item.discipline ? localizedName(item.discipline) : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {[item.lessonKind ? localizedName(item.lessonKind) : null, item.audience, item.teacher.name]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </>
    );
  }
  return (
    <>
      <Group gap={6}>
        <Badge variant="light" size="sm">
          {t('week.booking')}
        </Badge>
        <Text size="sm" fw={600}>
          {item.purpose ? t(`purpose.${item.purpose}`) : ''}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {[item.note, item.teacher.name].filter(Boolean).join(' · ')}
      </Text>
    </>
  );
}

/** A room's week, Monday to Sunday, with what takes it in which pair; staff may cancel a booking from here. */
export function RoomWeek({ room, date, staff }: { room: number; date: string; staff: boolean }) {
  const { t } = useTranslation('rooms');
  const [monday, setMonday] = useState(() => mondayOf(date));
  const [cancelling, setCancelling] = useState<{ id: number; label: string } | null>(null);
  const week = useRoomWeek(room, monday);

  return (
    <Stack gap="sm" component="section" aria-labelledby="rooms-week-heading">
      <QueryView query={week}>
        {(data) => {
          const slots = new Map(data.timeSlots.map((s) => [s.id_time, s]));
          return (
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Title order={2} size="h4" id="rooms-week-heading">
                  {t('week.heading', {
                    room: roomLabel(data.room),
                    from: formatDayMonth(data.monday),
                    to: formatDayMonth(addDays(data.monday, 6)),
                  })}
                </Title>
                <Group gap="xs">
                  <Button variant="default" size="xs" onClick={() => setMonday(addDays(monday, -7))}>
                    {t('week.previous')}
                  </Button>
                  <Button variant="default" size="xs" onClick={() => setMonday(addDays(monday, 7))}>
                    {t('week.next')}
                  </Button>
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
                {data.days
                  .filter((d, i) => i < 6 || d.items.length > 0)
                  .map((day) => (
                    <Paper key={day.date} withBorder p="sm">
                      <Title order={3} size="h6" mb={6}>
                        {formatDate(day.date)}
                      </Title>
                      {day.items.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('week.empty')}
                        </Text>
                      ) : (
                        <Stack gap={8} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                          {day.items.map((item) => {
                            const slot = slots.get(item.id_time);
                            return (
                              <li key={`${item.kind}-${item.id}`}>
                                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                                  <div>
                                    <Text size="xs" c="dimmed">
                                      {slot ? t('slot', slotParams(slot)) : ''}
                                    </Text>
                                    <ItemText item={item} />
                                  </div>
                                  {staff && item.kind === 'booking' && (
                                    <Button
                                      variant="default"
                                      size="compact-xs"
                                      onClick={() =>
                                        setCancelling({
                                          id: item.id,
                                          label: `${roomLabel(data.room)}, ${formatDate(day.date)}, ${slot ? t('slot', slotParams(slot)) : ''}, ${item.teacher.name}`,
                                        })
                                      }
                                    >
                                      {t('week.cancel')}
                                    </Button>
                                  )}
                                </Group>
                              </li>
                            );
                          })}
                        </Stack>
                      )}
                    </Paper>
                  ))}
              </SimpleGrid>
            </Stack>
          );
        }}
      </QueryView>
      <StaffCancelDialog booking={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}
