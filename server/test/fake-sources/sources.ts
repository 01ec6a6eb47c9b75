import type { FakeSource } from './types';

/** Every fake outside source; each area adds its own file and one line here. */
export const FAKE_SOURCES: FakeSource[] = [];
