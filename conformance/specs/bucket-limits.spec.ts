// The Playwright report of the checks of the "bucket-limits" area (the engine ran them).
import { presentArea } from '../present/present-area.ts';

presentArea('bucket-limits');
