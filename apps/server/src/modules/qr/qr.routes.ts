import { qrTime } from '@okuu/contracts/qr/time';
import { type Binding, bind } from '../../plugins/router.ts';

/** QR check-in's routes; `now` is the server's clock (tests of the service move it instead). */
export function qrRoutes(now: () => Date = () => new Date()): Binding[] {
  return [
    bind(qrTime, async () => {
      const at = now();
      return { time: at.toISOString(), ms: at.getTime() };
    }),
  ];
}
