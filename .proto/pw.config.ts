import { defineConfig } from '@playwright/test';
export default defineConfig({ testDir: './tests', fullyParallel: true, workers: Number(process.env.W ?? 8), reporter: [['dot']] });
