// The operator catalogue: every axis along which the suite turns the run's
// valid requests into variants, in one list. A new operator joins by being
// listed here.
import type { Route } from '../../openapi/contract/route-table.ts';
import { SENDERS, type Axis, type Operator, type OperatorContract, type Sender, routeHasSender } from './operator-types.ts';
import { pathSpelling } from './path-spelling.ts';
import { credentialForm } from './credential-form.ts';
import { credentialChannel } from './credential-channel.ts';
import { methodChannel } from './method-channel.ts';
import { methodToken } from './method-token.ts';
import { requestTarget } from './request-target.ts';
import { targetRewrite } from './target-rewrite.ts';
import { writeContentType } from './write-content-type.ts';
import { idSubstitution } from './id-substitution.ts';
import { parameterPollution } from './parameter-pollution.ts';
import { edgeValues } from './edge-values.ts';
import { head } from './head.ts';
import { massAssignmentSingle } from './mass-assignment-single.ts';
import { barredListing } from './barred-listing.ts';
import { hierarchy } from './hierarchy.ts';
import { bodyParser } from './body-parser.ts';
import { fieldSpelling } from './field-spelling.ts';
import { idForms } from './id-forms.ts';
import { filterValues } from './filter-values.ts';
import { batchSizes } from './batch-sizes.ts';
import { forwardedHeaders } from './forwarded-headers.ts';
import { negotiation } from './negotiation.ts';
import { conditionalHeaders } from './conditional-headers.ts';
import { credentialElsewhere } from './credential-elsewhere.ts';
import { interleavedKeys } from './interleaved-keys.ts';

/** Every operator, one per axis, in the order AXES lists them. */
export const CATALOGUE: readonly Operator[] = [
  pathSpelling,
  credentialForm,
  credentialChannel,
  methodChannel,
  methodToken,
  requestTarget,
  targetRewrite,
  writeContentType,
  idSubstitution,
  parameterPollution,
  edgeValues,
  head,
  massAssignmentSingle,
  barredListing,
  hierarchy,
  bodyParser,
  fieldSpelling,
  idForms,
  filterValues,
  batchSizes,
  forwardedHeaders,
  negotiation,
  conditionalHeaders,
  credentialElsewhere,
  interleavedKeys,
];

/** The operator of an axis. */
export function operatorOf(axis: Axis): Operator {
  const found = CATALOGUE.find((o) => o.axis === axis);
  if (!found) throw new Error(`No operator for the axis "${axis}"`);
  return found;
}

/** The senders of variants on a route: no key, a key lacking its scope, on a bucket route a key barred from the other bucket, and a key that may. */
export function sendersOf(route: Route): Sender[] {
  return SENDERS.filter((sender) => routeHasSender(route, sender));
}

/** The operators that make variants of the route for the sender. */
export function operatorsFor(route: Route, sender: Sender, contract: OperatorContract, operators = CATALOGUE): Operator[] {
  return operators.filter((o) => o.senders.includes(sender) && o.applies(route, sender, contract));
}
