import type { ImageAdapter, ImageOp } from './types';

/**
 * Which adapter and vendor model run an operation (built from server/catalog/images.json and the
 * configured vendors by createImageBackend in ./index.ts). `route` answers null when no configured
 * vendor can run it: the tool then says plainly, in Chinese, that the operator has not enabled it.
 * In demo mode (no chat or image vendor key at all) every operation routes to the demo painter.
 */
export interface ImageRoute {
  adapter: ImageAdapter;
  model: string;
}

export interface ImageBackend {
  /** Demo mode: pictures are painted locally and marked 演示. */
  demo: boolean;
  route(op: ImageOp): ImageRoute | null;
}
