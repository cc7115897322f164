// The checks of the "uploads" area, generated from the route table: one test per check, grouped by route.
import { declareArea } from '../playwright/declare-checks.ts';

declareArea('uploads');
