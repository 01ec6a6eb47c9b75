import { describe, expect, it } from 'vitest';
import { catalogFile } from '../../catalog';
import { testConfig } from '../../config';
import { createImageBackend, loadImagesFile } from './index';

const file = loadImagesFile(catalogFile(undefined, 'images.json'));

describe('createImageBackend', () => {
  it('routes generate to Ark when ARK_API_KEY is set (the first configured vendor of the catalog)', () => {
    const backend = createImageBackend(testConfig({ ARK_API_KEY: 'k' }), file, { demo: false });
    const route = backend.route('generate');
    expect(route?.adapter.vendor).toBe('ark');
    expect(route?.model).toBe('doubao-seedream-4-0-250828');
    // Ark has no inpainting; nobody else is configured: the operation is not enabled.
    expect(backend.route('inpaint')).toBeNull();
  });

  it('routes the edit operations to DashScope Wanx with the DashScope key', () => {
    const backend = createImageBackend(testConfig({ DASHSCOPE_API_KEY: 'k' }), file, { demo: false });
    expect(backend.route('generate')).toMatchObject({ adapter: { vendor: 'dashscope' }, model: 'wanx2.1-t2i-turbo' });
    expect(backend.route('expand')).toMatchObject({ adapter: { vendor: 'dashscope' }, model: 'wanx2.1-imageedit' });
  });

  it('paints with the demo painter when nothing is configured in demo mode', () => {
    const backend = createImageBackend(testConfig(), file, { demo: true });
    expect(backend.demo).toBe(true);
    expect(backend.route('generate')?.adapter.vendor).toBe('demo');
    expect(backend.route('matting')?.adapter.vendor).toBe('demo');
  });

  it('answers null for an operation nobody serves outside demo mode', () => {
    const backend = createImageBackend(testConfig({ ARK_API_KEY: 'k' }), file, { demo: false });
    expect(backend.route('matting')).toBeNull();
    expect(backend.route('qrcode')).toBeNull();
  });
});
