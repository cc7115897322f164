// Reads a process's resident memory from /proc (Linux), so the mock's own RSS is measured, not the bench's.
import { readFileSync } from 'node:fs';

export interface ProcessMemory {
  rssMb: number;
  peakRssMb: number;
}

/** VmRSS and VmHWM of a /proc/<pid>/status text, in MB (1024² bytes). */
export function parseProcStatus(status: string): ProcessMemory {
  const kb = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    if (!match) throw new Error(`/proc status has no ${field} line`);
    return Number(match[1]) / 1024;
  };
  return { rssMb: kb('VmRSS'), peakRssMb: kb('VmHWM') };
}

/** The current and peak RSS of a live process; throws where /proc is missing (not Linux). */
export function readProcessMemory(pid: number): ProcessMemory {
  return parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
}
