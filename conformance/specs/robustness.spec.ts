// The conformance checks of the "robustness" area, generated from the route table.
import { registerArea } from '../runtime/register-checks.ts';

registerArea('robustness');
