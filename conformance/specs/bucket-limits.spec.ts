// The conformance checks of the "bucket-limits" area, generated from the route table.
import { registerArea } from '../runtime/register-checks.ts';

registerArea('bucket-limits');
