import '@mantine/core/styles/NumberInput.css';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RoomSummary } from '@okuu/contracts/rooms/rooms';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/ui/date-fields';
import { QueryView } from '../../../components/ui/query-view';
import { bishkekDay, formatNumber } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { type FreeRoomFilters, useFreeRooms } from '../api/find-free-rooms';
import { BookDialog, type BookingTarget } from './booking-dialogs';
import { roomLabel, slotParams } from './labels';
import { MyBookings } from './my-bookings';
import { RoomWeek } from './room-week';

type Viewer = 'teacher' | 'student' | 'staff';

/**
 * /lms/rooms: the rooms free on a date (and pair, seats, building), any room's week, and for a teacher the booking of
 * a free pair and their own bookings.
 */
export function RoomsScreen({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation('rooms');
  const [filters, setFilters] = useState<FreeRoomFilters>(() => ({
    date: bishkekDay(),
    slot: '',
    capacity: 0,
    building: '',
  }));
  const [shownRoom, setShownRoom] = useState<RoomSummary | null>(null);
  const [target, setTarget] = useState<BookingTarget | null>(null);
  const free = useFreeRooms(filters);
  const options = free.data;
  const weekPanel = useRef<HTMLDivElement>(null);
  // The week opens above the list: brought into view, as the card clicked may be far below.
  useEffect(() => {
    if (shownRoom) weekPanel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [shownRoom]);
  const set = (patch: Partial<FreeRoomFilters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('heading')}
        </Title>
        <Text c="dimmed" size="sm">
          {t(`intro.${viewer}`)}
        </Text>
      </div>

      <Paper withBorder p="md" component="section" aria-labelledby="rooms-search-heading">
        <Title order={2} size="h4" id="rooms-search-heading" mb="sm">
          {t('search.heading')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <DateField label={t('search.date')} value={filters.date} onChange={(date) => date && set({ date })} />
          <Select
            label={t('search.slot')}
            data={[
              { value: '', label: t('search.anySlot') },
              ...(options?.timeSlots ?? []).map((s) => ({ value: String(s.id_time), label: t('slot', slotParams(s)) })),
            ]}
            value={filters.slot}
            onChange={(v) => set({ slot: v ?? '' })}
            allowDeselect={false}
          />
          <NumberInput
            label={t('search.capacity')}
            min={0}
            max={5000}
            value={filters.capacity}
            onChange={(v) => set({ capacity: typeof v === 'number' ? v : 0 })}
          />
          <Select
            label={t('search.building')}
            data={[
              { value: '', label: t('search.anyBuilding') },
              ...(options?.buildings ?? []).map((b) => ({
                value: String(b.id),
                label: `${b.shortName} · ${localizedName(b)}`,
              })),
            ]}
            value={filters.building}
            onChange={(v) => set({ building: v ?? '' })}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Paper>

      {shownRoom && (
        <Paper withBorder p="md" ref={weekPanel}>
          <RoomWeek
            key={`${shownRoom.id_aud}-${filters.date}`}
            room={shownRoom.id_aud}
            date={filters.date}
            staff={viewer === 'staff'}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" size="xs" onClick={() => setShownRoom(null)}>
              {t('week.close')}
            </Button>
          </Group>
        </Paper>
      )}

      <QueryView query={free}>
        {(data) => {
          const slots = new Map(data.timeSlots.map((s) => [s.id_time, s]));
          return (
            <Stack gap="sm" component="section" aria-labelledby="rooms-found">
              <Title order={2} size="h4" id="rooms-found">
                {t('search.found', { count: formatNumber(data.rooms.length) })}
              </Title>
              {data.rooms.length === 0 ? (
                <Text c="dimmed">{t('search.none')}</Text>
              ) : (
                <SimpleGrid
                  cols={{ base: 1, sm: 2, lg: 3 }}
                  spacing="sm"
                  component="ul"
                  style={{ listStyle: 'none', padding: 0, margin: 0 }}
                >
                  {data.rooms.map((room) => {
                    const shown =
                      filters.slot === '' ? room.free : room.free.filter((id) => String(id) === filters.slot);
                    return (
                      <Paper key={room.id_aud} withBorder p="sm" component="li" data-testid="free-room">
                        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                          <div>
                            <Text fw={700}>{roomLabel(room)}</Text>
                            <Text size="xs" c="dimmed">
                              {t('search.seats', { seats: formatNumber(room.capacity) })} ·{' '}
                              {localizedName(room.building)}
                            </Text>
                          </div>
                          <Button
                            variant="subtle"
                            size="compact-sm"
                            style={{ flexShrink: 0 }}
                            aria-label={t('search.weekOf', { room: roomLabel(room) })}
                            onClick={() => setShownRoom(room)}
                          >
                            {t('search.week')}
                          </Button>
                        </Group>
                        <Text size="xs" mt={6} mb={4}>
                          {t('search.freePairs')}
                        </Text>
                        <Group gap={6}>
                          {shown.map((id) => {
                            const slot = slots.get(id);
                            if (!slot) return null;
                            const label = t('slotShort', slotParams(slot));
                            return viewer === 'teacher' ? (
                              <Button
                                key={id}
                                size="compact-xs"
                                variant="light"
                                aria-label={t('search.bookPair', {
                                  room: roomLabel(room),
                                  slot: t('slot', slotParams(slot)),
                                })}
                                onClick={() => setTarget({ room, date: data.date, slot })}
                              >
                                {label}
                              </Button>
                            ) : (
                              <Text key={id} size="xs" span>
                                {label}
                              </Text>
                            );
                          })}
                        </Group>
                      </Paper>
                    );
                  })}
                </SimpleGrid>
              )}
            </Stack>
          );
        }}
      </QueryView>

      {viewer === 'teacher' && <MyBookings />}
      <BookDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
