import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress.ts';
import { excalidrawAssets } from './vite-excalidraw-assets.ts';

/** Vendor groups: split so the first page loads react + antd only; chat-only libraries come later. */
const chunkGroups: { name: string; test: RegExp; priority: number }[] = [
  // zod with the switch that turns its code generation off (web/src/boot/no-eval.ts), alone in one chunk:
  // every chunk that builds a schema imports this one, so the switch has run before the first schema is
  // built (a schema built before it probes `new Function`, which the CSP reports). Contract schemas
  // must never share this chunk, or they would be built before the switch.
  { name: 'zod', test: /node_modules[\\/]zod[\\/]|contract[\\/]src[\\/]no-eval\.ts$|web[\\/]src[\\/]boot[\\/]no-eval\.ts$/, priority: 50 },
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|zustand)[\\/]/, priority: 40 },
  { name: 'antd-x', test: /node_modules[\\/](@ant-design[\\/]x|@ant-design[\\/]x-markdown)[\\/]/, priority: 35 },
  {
    name: 'markdown',
    test: /node_modules[\\/](katex|react-markdown|remark-[^\\/]+|rehype-[^\\/]+|micromark[^\\/]*|mdast-[^\\/]+|hast-[^\\/]+|unified|highlight\.js|lowlight)[\\/]/,
    priority: 30,
  },
  { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/, priority: 20 },
];

export default defineConfig({
  // .br and .gz beside each text file of the build, served by Accept-Encoding (server/src/http/static-web.ts).
  // Excalidraw's fonts copied into the build, served from our origin (web/vite-excalidraw-assets.ts).
  plugins: [react(), precompress(), excalidrawAssets()],
  server: {
    port: 5173,
    proxy: {
      // The API server (npm run dev in server/); SSE streams pass through unbuffered.
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
});
