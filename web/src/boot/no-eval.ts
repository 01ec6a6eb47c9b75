// Imported first by main.tsx: zod must not probe `new Function` under the page's CSP (see contract/src/no-eval.ts).
import { parseWithoutEval } from '@wanxiang/contract';

parseWithoutEval();
