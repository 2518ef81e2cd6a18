import { journalRemoveStudent, journalSubgroupSave, journalSubgroupStudents } from '@okuu/contracts/journal/students';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { journalKeys } from './keys';

/** A group's students with whether each is in subgroup `subgroupId` (-1: a new one), and its subgroups. */
export function useSubgroupStudents(groupId: number, subgroupId: number) {
  return useQuery({
    queryKey: [...journalKeys.all, 'subgroup', groupId, subgroupId],
    queryFn: ({ signal }) =>
      callApi(journalSubgroupStudents, { id_group: groupId, id_subgroup: subgroupId }, { signal }),
  });
}

/** Saving a subgroup or removing a student reloads the lists and the journals (audiences change). */
export function useSubgroupActions() {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: journalKeys.all });
  return {
    save: useMutation({
      mutationFn: (input: { id_group: number; id_subgroup: number; name: string; students: number[] }) =>
        callApi(journalSubgroupSave, input),
      onSettled: reload,
    }),
    remove: useMutation({
      mutationFn: (input: { id_subgroup: number; id_student: number }) => callApi(journalRemoveStudent, input),
      onSettled: reload,
    }),
  };
}
