// What checks and the harness talk to the deployment through: the suite's
// client as the engine hands it out (attributed to a check, counted, stopped
// when the deployment stops answering), whatever carries its requests.
import type { ApiRequest, Exchange } from './api-client.ts';
import type { Redactor, Secret } from './redact.ts';

export interface Api {
  /** Sends one request; throws when no answer came (or the run stopped), never for a status. */
  send(request: ApiRequest): Promise<Exchange>;
  /** The token of a configured key, by name; only ever put in a request. */
  token(name: string): string;
  /** The secrets of every key, for reproduction commands. */
  secrets(): Secret[];
  readonly redact: Redactor;
}
