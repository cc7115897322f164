// The conformance checks of the "auth" area, generated from the route table.
import { registerArea } from '../runtime/register-checks.ts';

registerArea('auth');
