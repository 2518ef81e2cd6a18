import { QueryView } from '../../../components/ui/query-view';
import { usePersonCard } from '../api/get-card';
import { CardView } from './card-view';

/** Any person's card, as staff open it from People or the correction queue. */
export function PersonCardView({ id }: { id: number }) {
  const query = usePersonCard(id);
  return <QueryView query={query}>{(card) => <CardView card={card} />}</QueryView>;
}
