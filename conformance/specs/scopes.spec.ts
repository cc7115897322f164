// The conformance checks of the "scopes" area, generated from the route table.
import { registerArea } from '../runtime/register-checks.ts';

registerArea('scopes');
