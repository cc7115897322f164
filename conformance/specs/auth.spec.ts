// The Playwright report of the checks of the "auth" area (the engine ran them).
import { presentArea } from '../present/present-area.ts';

presentArea('auth');
