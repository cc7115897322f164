// The conformance checks of the "paths" area, generated from the route table.
import { registerArea } from '../runtime/register-checks.ts';

registerArea('paths');
