import {
  peopleOptions,
  peopleSearch,
  personBlock,
  personCreate,
  personDetails,
  personMove,
  personNewsPerms,
  personResetCredentials,
} from '@okuu/contracts/staff/people';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const staffKeys = {
  all: ['staff'] as const,
  people: ['staff', 'people'] as const,
  person: (id: number) => ['staff', 'person', id] as const,
  options: ['staff', 'options'] as const,
  audit: ['staff', 'audit'] as const,
};

/** The people search as the form holds it ('' or 'any': no filter). */
export interface PeopleFilters {
  q: string;
  role: string;
  group: string;
  status: string;
}
export const noPeopleFilters: PeopleFilters = { q: '', role: 'any', group: '', status: 'any' };

export function usePeople(filters: PeopleFilters, page: number) {
  return useQuery({
    queryKey: [...staffKeys.people, filters, page],
    queryFn: ({ signal }) =>
      callApi(
        peopleSearch,
        { q: filters.q, role: filters.role, id_group: filters.group, status: filters.status, page } as never,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePeopleOptions() {
  return useQuery({
    queryKey: staffKeys.options,
    queryFn: ({ signal }) => callApi(peopleOptions, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function usePerson(id: number | null) {
  return useQuery({
    queryKey: staffKeys.person(id ?? 0),
    queryFn: ({ signal }) => callApi(personDetails, { id: id as number }, { signal }),
    enabled: id !== null,
  });
}

/** After a change: the person as answered, the lists and the audit loaded again. */
function useChange<I>(call: (input: I) => Promise<{ id: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (person) => {
      queryClient.setQueryData(staffKeys.person(person.id), person);
      void queryClient.invalidateQueries({ queryKey: staffKeys.people });
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit });
    },
  });
}

export const useMovePerson = () =>
  useChange((i: { id: number; groupId: number }) => callApi(personMove, { id: i.id, id_group: i.groupId }));
export const useSetNewsPerms = () =>
  useChange((i: { id: number; on: boolean }) => callApi(personNewsPerms, { id: i.id, newsPerms: i.on }));
export const useSetBlocked = () =>
  useChange((i: { id: number; blocked: boolean }) => callApi(personBlock, { id: i.id, blocked: i.blocked }));

export interface NewPerson {
  role: 1 | 2;
  lastName: string;
  firstName: string;
  patronymic: string;
  groupId: string;
  departmentId: string;
  positionId: string;
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: NewPerson) =>
      callApi(personCreate, {
        role: p.role,
        lastName: p.lastName,
        firstName: p.firstName,
        patronymic: p.patronymic,
        ...(p.role === 2 ? { id_group: p.groupId } : { id_department: p.departmentId, id_position: p.positionId }),
      } as never),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.people });
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit });
    },
  });
}

export function useResetCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(personResetCredentials, { id }),
    onSuccess: (_data, id) => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.person(id) });
      void queryClient.invalidateQueries({ queryKey: staffKeys.people });
      void queryClient.invalidateQueries({ queryKey: staffKeys.audit });
    },
  });
}
