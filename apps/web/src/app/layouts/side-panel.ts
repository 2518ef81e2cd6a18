import { useState } from 'react';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage';

/**
 * Whether the desktop's contacts and applications column shows on a wide work screen (ScreenHandle.wide): folded away
 * unless the user chose to keep it, a choice remembered per user in this browser.
 */
export function useSidePanel(uid: number, wide: boolean): { folded: boolean; toggle: () => void } {
  const key = `${storageKeys.panel}:${uid}` as const;
  const [kept, setKept] = useState(() => readStorage(key) === 'kept');
  return {
    folded: wide && !kept,
    toggle: () => {
      writeStorage(key, kept ? 'folded' : 'kept');
      setKept(!kept);
    },
  };
}
