// The facts about the machine a bench ran on: cores, CPU model, Node version, date, load.
import { cpus, loadavg, platform, release } from 'node:os';
import type { MachineFacts } from './bench-results.ts';

/** This machine's facts, now. */
export function readMachineFacts(): MachineFacts {
  const cpuList = cpus();
  const [one, five, fifteen] = loadavg();
  return {
    cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
    cores: cpuList.length,
    nodeVersion: process.version,
    platform: `${platform()} ${release()}`,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    loadAverage: [one, five, fifteen],
  };
}
