// The conformance checks of the "listing" area, generated from the route table.
import { registerArea } from '../runtime/register-checks.ts';

registerArea('listing');
