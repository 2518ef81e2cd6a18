import { useId as useReactId } from 'react';

/**
 * Replaces `useId` of @mantine/hooks in the build (vite.config.ts, `mantineReplacements`). Mantine's version renders
 * React's id first and then swaps it for a random one in a layout effect, a leftover from React 17's server rendering.
 * That state update is synchronous: it made React run every pending effect and render again inside the task that first
 * shows a screen with an input, a menu or tabs, the longest task of the page's load. React's ids are already unique
 * and stable, so this keeps them.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
