import { test } from '@playwright/test';
if (process.env.KIT) await import('../../conformance/playwright/declare-checks.ts');
for (let i = 0; i < Number(process.env.N ?? 8); i++) test(`t${i}`, async () => {});
