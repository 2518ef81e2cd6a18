import { cardMine, cardPerson } from '@okuu/contracts/card/card';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { cardKeys } from './keys';

/** The signed-in student's or teacher's own card. */
export function useMyCard() {
  return useQuery({ queryKey: cardKeys.mine, queryFn: ({ signal }) => callApi(cardMine, {}, { signal }) });
}

/** Any student's or teacher's card, for staff. */
export function usePersonCard(id: number) {
  return useQuery({
    queryKey: cardKeys.person(id),
    queryFn: ({ signal }) => callApi(cardPerson, { id }, { signal }),
  });
}
