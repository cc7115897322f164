// The conformance checks of the "schemas" area, generated from the route table.
import { registerArea } from '../runtime/register-checks.ts';

registerArea('schemas');
