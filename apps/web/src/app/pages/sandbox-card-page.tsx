import { useParams } from 'react-router';
import { SandboxCardScreen } from '../../features/payment/components/sandbox-card-screen';

/** /lms/sandbox/pay/<session>: the sandbox card provider's own page, outside the portal's layout. */
export function SandboxCardPage() {
  const { session = '' } = useParams();
  return <SandboxCardScreen session={session} />;
}
