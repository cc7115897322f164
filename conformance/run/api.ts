// What checks and the harness talk to the deployment through: the suite's
// client as the engine hands it out (attributed to a check, counted, stopped
// when the deployment stops answering), whatever carries its requests.
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import type { Redactor, Secret } from '../http/redact.ts';
import type { ListingClient } from '../listing/listing-client.ts';
import type { ShapeBook } from '../listing/shape-book.ts';

export interface Api extends ListingClient {
  /** Sends one request; throws when no answer came (or the run stopped), never for a status. */
  send(request: ApiRequest): Promise<Exchange>;
  /** The token of a configured key, by name; only ever put in a request. */
  token(name: string): string;
  /** The secrets of every key, for reproduction commands. */
  secrets(): Secret[];
  readonly redact: Redactor;
  /** The listing shapes the run has learned, per operation (the engine's client has one; a bare client learns per read). */
  readonly listingShapes?: ShapeBook;
}
