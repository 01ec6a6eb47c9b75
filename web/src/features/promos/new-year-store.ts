import { create } from 'zustand';
import type { NewYearActivity } from '@wanxiang/contract';
import { fetchNewYear } from '../../api/promos';

/** activity/new.year, asked once per visit; the float ad and the top poster both read it. */
interface NewYearState {
  activity: NewYearActivity | null;
  load(): void;
}

let started = false;

export const useNewYear = create<NewYearState>()((set) => ({
  activity: null,
  load: () => {
    if (started) return;
    started = true;
    fetchNewYear().then(
      (activity) => set({ activity }),
      () => {},
    );
  },
}));
