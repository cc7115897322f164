// What a fault probe is: a few real HTTP calls answering "is this fault's rule broken right now?".
import type { MockClient } from './mock-client.ts';

/** Answers "is this fault's rule broken right now?" with a few real HTTP calls. */
export type RuleProbe = (mock: MockClient) => Promise<boolean>;
