// Operator: every GET of the allowed bucket (its files, trash, automations,
// suggestions, shares, transfers, intelligence) read, every page, by a key
// barred from the other bucket, once the other bucket holds the run's marked
// resources: a listing that spans buckets shows the other bucket's markers on
// whichever page they fall. Essential: sent whatever the budget.
// A conforming server serves the allowed bucket alone: nothing of the other
// bucket in any page (the bucket-limits rule looks for its markers).
import type { Operator, OperatorInput, Variant } from './operator-types.ts';
import { variantOf } from './variant-build.ts';

function listingVariants(input: OperatorInput): Variant[] {
  const { route } = input;
  return variantOf(input, 'barred-listing', `${route.method} ${route.pathTemplate} of the allowed bucket, every page`, (base) => base, {
    aim: 'allowed',
    essential: true,
    pages: true,
  });
}

export const barredListing: Operator = {
  axis: 'barred-listing',
  about:
    "Reads each GET of the allowed bucket, every page, with a key barred from the other bucket, after the run marked that bucket's resources.",
  conformingAnswers: "the allowed bucket's items alone, on every page: none of the other bucket's markers",
  rules: ['bucket-limits'],
  senders: ['barred'],
  applies: (route, sender) => sender === 'barred' && route.method === 'GET' && route.bucketScoped,
  variants: listingVariants,
};
