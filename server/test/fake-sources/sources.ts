import { HOT_SOURCES_FAKE } from './hot';
import type { FakeSource } from './types';
import { MCP_FAKES } from './mcp';
import { WEBDISK_FAKES } from './webdisk';
import { SCHOLAR_FAKES } from './scholar';
import { PROVIDER_FAKES } from './providers';

/** Every fake outside source; each area adds its own file and one line here. */
export const FAKE_SOURCES: FakeSource[] = [...HOT_SOURCES_FAKE, ...SCHOLAR_FAKES, ...WEBDISK_FAKES, ...PROVIDER_FAKES, ...MCP_FAKES];
