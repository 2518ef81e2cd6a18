import '@mantine/core/styles/Table.css';
import { Button, Group, Stack, Table, Title } from '@mantine/core';
import { roomDelete, roomSave, slotDelete, slotSave } from '@okuu/contracts/settings/campus';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/ui/delete-button';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { formatNumber } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { useCampus, useSettingsChange } from '../api/settings';
import { Empty } from './empty';
import { type FieldSpec, type FormValues, SettingsForm } from './settings-form';

/** The bell schedule and the rooms, with each room's place and check-in radius for QR attendance. */
export function CampusSection() {
  const { t } = useTranslation('staff-settings');
  const query = useCampus();
  const deleteSlot = useSettingsChange(slotDelete);
  const deleteRoom = useSettingsChange(roomDelete);
  const [slot, setSlot] = useState<FormValues | null>(null);
  const [room, setRoom] = useState<FormValues | null>(null);

  const slotFields: FieldSpec[] = [
    { name: 'number', label: t('campus.number'), kind: 'number', required: true },
    { name: 'from', label: t('campus.from'), kind: 'time', required: true },
    { name: 'to', label: t('campus.to'), kind: 'time', required: true },
  ];

  return (
    <QueryView query={query}>
      {(data) => {
        const roomFields: FieldSpec[] = [
          {
            name: 'id_building',
            label: t('campus.building'),
            kind: 'select',
            required: true,
            options: [
              { value: '', label: '—' },
              ...data.buildings.map((b) => ({ value: String(b.id), label: `${b.shortName} · ${localizedName(b)}` })),
            ],
          },
          { name: 'number', label: t('campus.room'), kind: 'text', required: true },
          { name: 'capacity', label: t('campus.capacity'), kind: 'number', required: true },
          { name: 'radius', label: t('campus.radius'), kind: 'number', required: true },
          { name: 'latitude', label: t('campus.latitude'), kind: 'number', step: 'any', required: true },
          { name: 'longitude', label: t('campus.longitude'), kind: 'number', step: 'any', required: true },
        ];
        return (
          <Stack gap="xl">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {t('campus.slots')}
                </Title>
                <Button
                  onClick={() =>
                    setSlot({ id: '-1', number: String((data.slots.at(-1)?.number ?? 0) + 1), from: '', to: '' })
                  }
                >
                  {t('campus.addSlot')}
                </Button>
              </Group>
              {data.slots.length === 0 ? (
                <Empty>{t('campus.noSlots')}</Empty>
              ) : (
                <Table striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('campus.number')}</Table.Th>
                      <Table.Th>{t('campus.from')}</Table.Th>
                      <Table.Th>{t('campus.to')}</Table.Th>
                      <Table.Th>{t('common.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.slots.map((s) => (
                      <Table.Tr key={s.id}>
                        <Table.Td>{s.number}</Table.Td>
                        <Table.Td>{s.from}</Table.Td>
                        <Table.Td>{s.to}</Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Button
                              size="compact-sm"
                              variant="default"
                              onClick={() =>
                                setSlot({ id: String(s.id), number: String(s.number), from: s.from, to: s.to })
                              }
                            >
                              {t('common.edit')}
                            </Button>
                            <DeleteButton
                              ns="staff-settings"
                              label={t('campus.deleteSlot', { number: s.number })}
                              onDelete={() => deleteSlot.mutateAsync({ id: s.id })}
                            />
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {t('campus.rooms')}
                </Title>
                <Button
                  onClick={() =>
                    setRoom({
                      id: '-1',
                      id_building: String(data.buildings[0]?.id ?? ''),
                      number: '',
                      capacity: '30',
                      radius: '60',
                      latitude: String(data.rooms[0]?.latitude ?? ''),
                      longitude: String(data.rooms[0]?.longitude ?? ''),
                    })
                  }
                >
                  {t('campus.addRoom')}
                </Button>
              </Group>
              {data.rooms.length === 0 ? (
                <Empty>{t('campus.noRooms')}</Empty>
              ) : (
                <ScrollTable minWidth={560} mah={520} label={t('campus.rooms')}>
                  <Table striped verticalSpacing="xs" stickyHeader>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('campus.room')}</Table.Th>
                        <Table.Th>{t('campus.capacity')}</Table.Th>
                        <Table.Th>
                          {t('campus.latitude')}, {t('campus.longitude')}
                        </Table.Th>
                        <Table.Th>{t('campus.radius')}</Table.Th>
                        <Table.Th>{t('common.actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.rooms.map((r) => (
                        <Table.Tr key={r.id}>
                          <Table.Td>
                            {r.building}-{r.number}
                          </Table.Td>
                          <Table.Td>{formatNumber(r.capacity)}</Table.Td>
                          <Table.Td>
                            {formatNumber(r.latitude, 5)}; {formatNumber(r.longitude, 5)}
                          </Table.Td>
                          <Table.Td>{formatNumber(r.radius)}</Table.Td>
                          <Table.Td>
                            <Group gap={4} wrap="nowrap">
                              <Button
                                size="compact-sm"
                                variant="default"
                                onClick={() =>
                                  setRoom({
                                    id: String(r.id),
                                    id_building: String(r.buildingId),
                                    number: r.number,
                                    capacity: String(r.capacity),
                                    radius: String(r.radius),
                                    latitude: String(r.latitude),
                                    longitude: String(r.longitude),
                                  })
                                }
                              >
                                {t('common.edit')}
                              </Button>
                              <DeleteButton
                                ns="staff-settings"
                                label={t('campus.deleteRoom', { room: `${r.building}-${r.number}` })}
                                onDelete={() => deleteRoom.mutateAsync({ id: r.id })}
                              />
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              )}
            </Stack>
            <SettingsForm
              title={t('campus.editSlot')}
              opened={slot !== null}
              onClose={() => setSlot(null)}
              fields={slotFields}
              initial={slot ?? {}}
              endpoint={slotSave}
              toInput={(v) => ({ id: v.id, number: v.number, from: v.from, to: v.to })}
            />
            <SettingsForm
              title={t('campus.editRoom')}
              opened={room !== null}
              onClose={() => setRoom(null)}
              fields={roomFields}
              initial={room ?? {}}
              endpoint={roomSave}
              toInput={(v) => ({ ...v })}
            />
          </Stack>
        );
      }}
    </QueryView>
  );
}
