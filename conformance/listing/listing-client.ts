// What reading a listing sends through: any client that sends a request and
// may carry what the run learned of its listings' shapes (the run's own client
// does, attributed and counted; a bare one learns per read).
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import type { ShapeBook } from './shape-book.ts';

export interface ListingClient {
  /** Sends one request; throws when no answer came, never for a status. */
  send(request: ApiRequest): Promise<Exchange>;
  /** The listing shapes the run has learned, per operation. */
  readonly listingShapes?: ShapeBook;
}
