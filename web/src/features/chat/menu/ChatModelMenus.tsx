import { useCatalogStore, useModelMenus } from '../../../stores/chat-catalog';
import { ModelPicker } from '../ModelPicker';
import { MobileModelDrawer } from '../mobile/MobileModelDrawer';
import { usePickModel } from './usePickModel';

/** The chat page's model menus: the 'More' modal everywhere, the left drawer of models on mobile. */
export function ChatModelMenus({ current, mobile }: { current: string; mobile: boolean }) {
  const ready = useCatalogStore((s) => s.status === 'ready');
  const groups = useCatalogStore((s) => s.groups);
  const byKey = useCatalogStore((s) => s.byKey);
  const list = useCatalogStore((s) => s.list);
  const moreOpen = useModelMenus((s) => s.moreOpen);
  const drawerOpen = useModelMenus((s) => s.drawerOpen);
  const close = useModelMenus((s) => s.close);
  const pick = usePickModel(current);
  if (!ready) return null;
  return (
    <>
      <ModelPicker
        open={moreOpen}
        current={current}
        groups={groups}
        byKey={byKey}
        list={list}
        onPick={pick}
        onClose={close}
        mobile={mobile}
      />
      {mobile && <MobileModelDrawer open={drawerOpen} current={current} groups={groups} byKey={byKey} onPick={pick} onClose={close} />}
    </>
  );
}
