// The conformance checks of the "errors" area, generated from the route table.
import { registerArea } from '../runtime/register-checks.ts';

registerArea('errors');
