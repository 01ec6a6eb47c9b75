import { useCallback, useState } from 'react';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';

/** The import-model button: opens the config modal, or the login dialog for a visitor (docs/product/custom-models.md §6). */
export function useImportModel(): { open: boolean; start(): void; close(): void } {
  const [open, setOpen] = useState(false);
  const start = useCallback(() => {
    if (!useUserStore.getState().token) {
      openLoginDialog();
      return;
    }
    setOpen(true);
  }, []);
  return { open, start, close: useCallback(() => setOpen(false), []) };
}
