// Imported first by main.tsx: zod must not probe `new Function` under the page's CSP (see contract/src/no-eval.ts).
// From the subpath, not the contract's index: the index would build every schema first, and a zod object
// built before the switch probes once (reported as a CSP violation), so the switch must come before any of them.
import { parseWithoutEval } from '@wanxiang/contract/no-eval';

parseWithoutEval();
