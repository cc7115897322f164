// The checks that judge the whole run (the effects watch), run by the after-run project once every other check ended.
import { declareAfterRun } from '../playwright/declare-checks.ts';

declareAfterRun();
