import { describe, expect, it } from 'vitest';
import { auditVerdict } from './audit.mjs';

/** Shapes of `npm audit --json` (npm 7+ report format, as npm 11 prints it). */
const report = (vulnerabilities) => {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };
  for (const v of Object.values(vulnerabilities)) counts[v.severity]++;
  return { auditReportVersion: 2, vulnerabilities, metadata: { vulnerabilities: counts, dependencies: { prod: 300 } } };
};

describe('auditVerdict', () => {
  it('fails on a high advisory, naming the package, the advisory and the chain', () => {
    const v = auditVerdict(
      report({
        xlsx: {
          name: 'xlsx',
          severity: 'high',
          range: '*',
          via: [{ title: 'Prototype Pollution in sheetJS', url: 'https://github.com/advisories/GHSA-4r6h-8v6p-xvw6', severity: 'high' }],
          fixAvailable: false,
        },
        'some-wrapper': { name: 'some-wrapper', severity: 'critical', range: '<2.0.0', via: ['xlsx'], fixAvailable: true },
        'minor-lib': { name: 'minor-lib', severity: 'moderate', range: '<1.2.3', via: [{ title: 'ReDoS', url: 'https://x' }] },
      }),
    );
    expect(v.verdict).toBe('fail');
    expect(v.blocking).toEqual([
      'xlsx * [high]: Prototype Pollution in sheetJS (https://github.com/advisories/GHSA-4r6h-8v6p-xvw6)',
      'some-wrapper <2.0.0 [critical] via xlsx (fix available)',
    ]);
  });

  it('passes with moderate and low advisories only', () => {
    const v = auditVerdict(report({ 'minor-lib': { name: 'minor-lib', severity: 'moderate', range: '<1.2.3', via: [] } }));
    expect(v).toMatchObject({ verdict: 'pass', counts: { moderate: 1, high: 0, critical: 0 } });
  });

  it('says unavailable when the audit endpoint refused or npm printed no report', () => {
    const refused = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    };
    expect(auditVerdict(refused)).toEqual({ verdict: 'unavailable', why: refused.message });
    expect(auditVerdict({ error: { code: 'ENOTFOUND', summary: 'request to https://registry.npmjs.org failed' } }).verdict).toBe('unavailable');
    expect(auditVerdict(null).verdict).toBe('unavailable');
  });
});
