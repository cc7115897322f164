// The conformance checks of the "uploads" area, generated from the route table.
import { registerArea } from '../runtime/register-checks.ts';

registerArea('uploads');
