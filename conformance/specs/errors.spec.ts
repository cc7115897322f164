// The Playwright report of the checks of the "errors" area (the engine ran them).
import { presentArea } from '../present/present-area.ts';

presentArea('errors');
