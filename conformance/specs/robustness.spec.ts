// The Playwright report of the checks of the "robustness" area (the engine ran them).
import { presentArea } from '../present/present-area.ts';

presentArea('robustness');
